import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A course's teachers are the teachers of its class, subject and year as the allocations say now: a
 * teacher taken off an allocation loses its courses at once, and the newly allocated one gains them.
 * course_teachers becomes a view over the allocations, so every rule and list that asks "who teaches this
 * course" reads the same answer and nothing has to be kept in step.
 */
export class CourseTeachersFollowAllocations1732300006000 implements MigrationInterface {
  name = 'CourseTeachersFollowAllocations1732300006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE course_teachers`);
    await q.query(`
      CREATE VIEW course_teachers AS
        SELECT c.id AS course_id, x.teacher_id
          FROM courses c
          JOIN allocations a ON a.class_id = c.class_id AND a.subject_id = c.subject_id AND a.academic_year_id = c.academic_year_id
          JOIN allocation_teachers x ON x.allocation_id = a.id`);
    // the view's join goes from an allocation's place to its courses
    await q.query(`CREATE INDEX courses_place_idx ON courses (class_id, subject_id, academic_year_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX courses_place_idx`);
    await q.query(`ALTER VIEW course_teachers RENAME TO course_teachers_now`);
    await q.query(`
      CREATE TABLE course_teachers (
        course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        teacher_id uuid NOT NULL,
        teacher_role text NOT NULL DEFAULT 'Teacher' CHECK (teacher_role = 'Teacher'),
        PRIMARY KEY (course_id, teacher_id),
        CONSTRAINT course_teachers_teacher_fk FOREIGN KEY (teacher_id, teacher_role)
          REFERENCES users(id, role) ON DELETE CASCADE ON UPDATE RESTRICT
      )`);
    await q.query(`CREATE INDEX course_teachers_teacher_idx ON course_teachers (teacher_id)`);
    await q.query(`INSERT INTO course_teachers (course_id, teacher_id) SELECT course_id, teacher_id FROM course_teachers_now`);
    await q.query(`DROP VIEW course_teachers_now`);
  }
}
