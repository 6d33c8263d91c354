import DataLoader from 'dataloader';
import { DataSource, In } from 'typeorm';
import { Actor } from '../../policies';
import { byIdLoader } from '../../core/dataloaders';
import { User } from '../users';
import { Course } from './course.entity';
import { CourseFactsRow, courseFacts } from './courses.facts';

/**
 * Per request: the facts every course rule needs (for the viewer, many courses in one statement), courses
 * by id and their teachers. Courses by id are only reached through objects the viewer was allowed to read
 * (a module's course, a content item's module), so they do not check again; what is *in* a course is
 * filtered by the rules' SQL twins in each domain's own loaders.
 */
export function courseLoaders(ds: DataSource, actor: Actor | null) {
  return {
    courseFacts: new DataLoader<string, CourseFactsRow | null>(async (ids) => {
      const facts = actor ? await courseFacts(ds, actor, [...ids]) : new Map<string, CourseFactsRow>();
      return ids.map((id) => facts.get(id) ?? null);
    }),
    courseById: byIdLoader((ids) => ds.getRepository(Course).findBy({ id: In(ids) })),
    teachersByCourse: new DataLoader<string, User[]>(async (ids) => {
      const rows: Array<User & { course_id: string }> = await ds.query(
        `SELECT ct.course_id, u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, u.role,
                u.activated, u.class_id AS "classId", u.academic_year_id AS "academicYearId", u.created_at AS "createdAt"
           FROM course_teachers ct JOIN users u ON u.id = ct.teacher_id
          WHERE ct.course_id = ANY($1::uuid[]) ORDER BY u.last_name, u.first_name, u.id`,
        [[...ids]],
      );
      const toUser = ({ course_id: _c, ...u }: User & { course_id: string }) => Object.assign(new User(), u);
      return ids.map((id) => rows.filter((r) => r.course_id === id).map(toUser));
    }),
  };
}
