import { Field, Int, ObjectType } from 'type-graphql';

/**
 * What a delete takes with it, so a confirmation can say so with counts (issue 14, point 5). The database
 * cascades course -> modules -> content and quizzes, course -> assessments -> submissions, and course ->
 * announcements and discussions; these counts follow the same foreign keys.
 */
@ObjectType({ description: 'What deleting a course removes with it (the delete confirmation states these counts).' })
export class CourseDeleteImpact {
  @Field(() => Int, { description: 'Modules of the course.' })
  modules: number;

  @Field(() => Int, { description: 'Content items (files) in those modules.' })
  contents: number;

  @Field(() => Int, { description: 'Assignments, exams and quizzes of the course.' })
  assessments: number;

  @Field(() => Int, { description: "Students' submissions to those assessments." })
  submissions: number;

  @Field(() => Int, { description: 'Announcements of the course.' })
  announcements: number;

  @Field(() => Int, { description: 'Discussions and replies of the course.' })
  discussions: number;
}

@ObjectType({ description: 'What deleting a module removes with it (the delete confirmation states these counts).' })
export class ModuleDeleteImpact {
  @Field(() => Int, { description: 'Content items (files) of the module.' })
  contents: number;

  @Field(() => Int, { description: 'Quizzes of the module.' })
  quizzes: number;

  @Field(() => Int, { description: "Students' submissions to those quizzes." })
  submissions: number;
}
