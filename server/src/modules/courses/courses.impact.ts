import { Field, Int, ObjectType } from 'type-graphql';
import { DataSource, EntityManager } from 'typeorm';

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

type Db = DataSource | EntityManager;

export async function courseDeleteImpact(db: Db, courseId: string): Promise<CourseDeleteImpact> {
  const [row] = await db.query(
    `SELECT (SELECT count(*) FROM course_modules WHERE course_id = $1)::int AS modules,
            (SELECT count(*) FROM contents ct JOIN course_modules mo ON mo.id = ct.module_id WHERE mo.course_id = $1)::int AS contents,
            (SELECT count(*) FROM assessments WHERE course_id = $1)::int AS assessments,
            (SELECT count(*) FROM submissions s JOIN assessments a ON a.id = s.assessment_id WHERE a.course_id = $1)::int AS submissions,
            (SELECT count(*) FROM announcements WHERE course_id = $1)::int AS announcements,
            (SELECT count(*) FROM discussions WHERE course_id = $1)::int AS discussions`,
    [courseId],
  );
  return Object.assign(new CourseDeleteImpact(), row);
}

export async function moduleDeleteImpact(db: Db, moduleId: string): Promise<ModuleDeleteImpact> {
  const [row] = await db.query(
    `SELECT (SELECT count(*) FROM contents WHERE module_id = $1)::int AS contents,
            (SELECT count(*) FROM assessments WHERE module_id = $1)::int AS quizzes,
            (SELECT count(*) FROM submissions s JOIN assessments a ON a.id = s.assessment_id WHERE a.module_id = $1)::int AS submissions`,
    [moduleId],
  );
  return Object.assign(new ModuleDeleteImpact(), row);
}
