import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext, requireActor } from '../../app/context';
import { Course } from '../courses/course.entity';
import { CourseModule } from './module.entity';
import { CloneModuleInput, CreateModuleInput, UpdateModuleInput } from './modules.types';

@Resolver(() => CourseModule)
export class ModulesResolver {
  @Query(() => [CourseModule], { description: "A course's modules by order; students see visible ones only (REST: GET /api/modules/course/{courseId})." })
  modules(@Arg('courseId', () => ID, { description: 'The course whose modules to list.' }) courseId: string, @Ctx() ctx: RequestContext) {
    return ctx.services.modules.listForCourse(requireActor(ctx), courseId);
  }

  @Query(() => CourseModule, { description: 'One module with its course; not found for a student when hidden (REST: GET /api/modules/{moduleId}).' })
  module(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.modules.get(requireActor(ctx), id);
  }

  @Query(() => [CourseModule], { description: 'Modules of your other courses, to reuse in this course (tree by course.academicYear, course.class, course) (REST: GET /api/modules/reuse/available/{courseId}).' })
  reusableModules(@Arg('courseId', () => ID, { description: 'The course the module would be copied into (its own modules are left out).' }) courseId: string, @Ctx() ctx: RequestContext) {
    return ctx.services.modules.reusable(requireActor(ctx), courseId);
  }

  @FieldResolver(() => Course, { description: 'The course the module belongs to.' })
  async course(@Root() m: CourseModule, @Ctx() ctx: RequestContext) {
    const course = m.course ?? (await ctx.loaders.courseById.load(m.courseId));
    // whoever may read this module reads its course, and sees hidden items there exactly when here
    if (course) course.viewerSeesHidden = m.viewerSeesHidden ?? false;
    return course;
  }

  @Mutation(() => CourseModule, { description: 'Add a module to a course you teach (REST: POST /api/modules).' })
  createModule(@Arg('input', () => CreateModuleInput) input: CreateModuleInput, @Ctx() ctx: RequestContext) {
    return ctx.services.modules.create(requireActor(ctx), input);
  }

  @Mutation(() => CourseModule, { description: 'Change a module, including its visibility (REST: PUT /api/modules/{id}).' })
  updateModule(@Arg('input', () => UpdateModuleInput) input: UpdateModuleInput, @Ctx() ctx: RequestContext) {
    return ctx.services.modules.update(requireActor(ctx), input.id, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a module with its content (REST: DELETE /api/modules/{id}).' })
  async deleteModule(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    await ctx.services.modules.delete(requireActor(ctx), id);
    return true;
  }

  @Mutation(() => CourseModule, { description: 'Reuse a module: a deep copy (with content) appended to another course you teach (REST: POST /api/modules/reuse/clone/{moduleId}).' })
  cloneModule(@Arg('input', () => CloneModuleInput) input: CloneModuleInput, @Ctx() ctx: RequestContext) {
    return ctx.services.modules.clone(requireActor(ctx), input.moduleId, input.newCourseId, input);
  }
}

/** Course.modules: one statement for all courses of a response; hidden ones only for those who see hidden. */
@Resolver(() => Course)
export class CourseModulesFieldResolver {
  @FieldResolver(() => [CourseModule], { description: 'Modules by order; for students only the visible ones.' })
  async modules(@Root() c: Course, @Ctx() ctx: RequestContext) {
    const seesHidden = c.viewerSeesHidden ?? false;
    const rows = await (seesHidden ? ctx.loaders.modulesByCourse : ctx.loaders.visibleModulesByCourse).load(c.id);
    rows.forEach((m) => (m.viewerSeesHidden = seesHidden));
    return rows;
  }
}
