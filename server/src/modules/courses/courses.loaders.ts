import DataLoader from 'dataloader';
import { DataSource } from 'typeorm';
import { Actor } from '../../policies';
import { byIdLoader } from '../../core/dataloaders';
import { User } from '../users';
import { CourseFactsRow } from './courses.facts';
import { courseFacts, coursesByIds, teacherRowsOfCourses } from './courses.repository';

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
    courseById: byIdLoader((ids) => coursesByIds(ds, ids)),
    teachersByCourse: new DataLoader<string, User[]>(async (ids) => {
      const rows = await teacherRowsOfCourses(ds, ids);
      const toUser = ({ course_id: _c, ...u }: User & { course_id: string }) => Object.assign(new User(), u);
      return ids.map((id) => rows.filter((r) => r.course_id === id).map(toUser));
    }),
  };
}
