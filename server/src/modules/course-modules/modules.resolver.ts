import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { Course, ModuleDeleteImpact } from '../courses';
import { CourseModule } from './module.entity';
import { CloneModuleInput, CreateModuleInput, UpdateModuleInput } from './modules.types';

@Resolver(() => CourseModule)
export class ModulesResolver {
  @Query(() => [CourseModule], {
    description: "A course's modules by order; students see visible ones only (REST: GET /api/modules/course/{courseId}).",
  })
  modules(
    @Arg('courseId', () => ID, { description: 'The course whose modules to list.' }) courseId: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.modules.listForCourse(actor, courseId);
  }

  @Query(() => CourseModule, {
    description: 'One module with its course; not found for a student when hidden (REST: GET /api/modules/{moduleId}).',
  })
  module(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.modules.get(actor, id);
  }

  @Query(() => [CourseModule], {
    description:
      'Modules of your other courses, to reuse in this course (tree by course.academicYear, course.class, course) (REST: GET /api/modules/reuse/available/{courseId}).',
  })
  reusableModules(
    @Arg('courseId', () => ID, { description: 'The course the module would be copied into (its own modules are left out).' })
    courseId: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.modules.reusable(actor, courseId);
  }

  @FieldResolver(() => Course, { description: 'The course the module belongs to.' })
  course(@Root() m: CourseModule, @Ctx() ctx: RequestContext) {
    // whoever may read this module reads its course; what is in the course is filtered for the viewer
    return m.course ?? ctx.loaders.courseById.load(m.courseId);
  }

  @FieldResolver(() => ModuleDeleteImpact, {
    nullable: true,
    description:
      "What deleting this module removes with it (counts for the confirmation); null unless you may delete it (the course's teachers).",
  })
  deleteImpact(@Root() m: CourseModule, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.modules.deleteImpact(actor, m.id);
  }

  @Mutation(() => CourseModule, { description: 'Add a module to a course you teach (REST: POST /api/modules).' })
  createModule(@Arg('input', () => CreateModuleInput) input: CreateModuleInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.modules.create(actor, input);
  }

  @Mutation(() => CourseModule, { description: 'Change a module, including its visibility (REST: PUT /api/modules/{id}).' })
  updateModule(@Arg('input', () => UpdateModuleInput) input: UpdateModuleInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.modules.update(actor, input.id, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a module with its content (REST: DELETE /api/modules/{id}).' })
  async deleteModule(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    await ctx.services.modules.delete(actor, id);
    return true;
  }

  @Mutation(() => CourseModule, {
    description:
      'Reuse a module: a deep copy (with content) appended to another course you teach (REST: POST /api/modules/reuse/clone/{moduleId}).',
  })
  cloneModule(@Arg('input', () => CloneModuleInput) input: CloneModuleInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.modules.clone(actor, input.moduleId, input.newCourseId, input);
  }
}

/** Course.modules: one statement for all courses of a response, filtered by 'course.readItem' in SQL. */
@Resolver(() => Course)
export class CourseModulesFieldResolver {
  @FieldResolver(() => [CourseModule], { description: 'Modules by order; for students only the visible ones.' })
  modules(@Root() c: Course, @Ctx() ctx: RequestContext) {
    // the course page (courses.page.ts) holds them already
    return (c as Course & { modules?: CourseModule[] }).modules ?? ctx.loaders.modulesByCourse.load(c.id);
  }
}
