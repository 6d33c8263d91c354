import { Field, ID, InputType, Int } from 'type-graphql';
import { ModuleType } from './module.entity';

@InputType({ description: 'A new module of a course (REST: POST /api/modules).' })
export class CreateModuleInput {
  @Field(() => ID, { description: 'The course (REST: course); one you teach.' })
  courseId: string;

  @Field({ description: 'Title; required.' })
  title: string;

  @Field({ nullable: true, description: 'Free text.' })
  description?: string;

  @Field(() => ModuleType, { nullable: true, description: 'Week or Unit; Week when not given.' })
  moduleType?: ModuleType;

  @Field(() => Int, { nullable: true, description: 'Position, at least 1; the highest existing plus 1 when not given.' })
  order?: number;

  @Field({ nullable: true, description: 'Shown to students; true when not given.' })
  isVisible?: boolean;
}

@InputType({ description: 'Changes to a module; fields not given stay as they are (REST: PUT /api/modules/{id}).' })
export class UpdateModuleInput {
  @Field(() => ID, { description: 'The module to change.' })
  id: string;

  @Field({ nullable: true, description: 'New title; must not be blank.' })
  title?: string;

  @Field({ nullable: true, description: 'New description; null or blank clears it.' })
  description?: string;

  @Field(() => ModuleType, { nullable: true, description: 'Week or Unit.' })
  moduleType?: ModuleType;

  @Field(() => Int, { nullable: true, description: 'New position, at least 1.' })
  order?: number;

  @Field({ nullable: true, description: 'Shown to students (the visibility toggle).' })
  isVisible?: boolean;

  @Field(() => Int, {
    nullable: true,
    description: 'The version you edited; if someone changed the module since, the update is refused (CONFLICT).',
  })
  version?: number;
}

@InputType({
  description: 'Reuse a module of one of your courses in another of your courses (REST: POST /api/modules/reuse/clone/{moduleId}).',
})
export class CloneModuleInput {
  @Field(() => ID, { description: 'The module to copy (with its content).' })
  moduleId: string;

  @Field(() => ID, { description: 'The course to add the copy to (REST: newCourseId).' })
  newCourseId: string;

  @Field({ nullable: true, description: "The copy's title; the original's when absent." })
  title?: string;

  @Field({ nullable: true, description: "The copy's description; the original's when absent." })
  description?: string;
}
