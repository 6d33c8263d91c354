import DataLoader from 'dataloader';
import { DataSource, In } from 'typeorm';
import { User } from '../users/user.entity';
import { Course } from './course.entity';

/** A loader of lists by a parent id: one statement for every parent asked for in the same tick. */
export function listLoader<T>(load: (ids: string[]) => Promise<T[]>, parentOf: (row: T) => string) {
  return new DataLoader<string, T[]>(async (ids) => {
    const groups = new Map<string, T[]>();
    for (const row of await load([...ids])) {
      const k = parentOf(row);
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k)!.push(row);
    }
    return ids.map((id) => groups.get(id) ?? []);
  });
}

/**
 * Courses and their teachers by id. Only field resolvers of objects the service already authorized use
 * them (a module's course, a content item's module), so they do not check again.
 */
export function courseLoaders(ds: DataSource) {
  return {
    courseById: new DataLoader<string, Course | null>(async (ids) => {
      const rows = await ds.getRepository(Course).findBy({ id: In([...ids]) });
      const map = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => map.get(id) ?? null);
    }),
    teachersByCourse: new DataLoader<string, User[]>(async (ids) => {
      const rows: Array<{ course_id: string; teacher_id: string }> = await ds.query(
        'SELECT course_id, teacher_id FROM course_teachers WHERE course_id = ANY($1::uuid[])', [[...ids]]);
      const users = rows.length
        ? await ds.getRepository(User).find({ where: { id: In([...new Set(rows.map((r) => r.teacher_id))]) }, order: { lastName: 'ASC', firstName: 'ASC' } })
        : [];
      const rank = new Map(users.map((u, i) => [u.id, i]));
      return ids.map((id) => users.filter((u) => rows.some((r) => r.course_id === id && r.teacher_id === u.id))
        .sort((a, b) => rank.get(a.id)! - rank.get(b.id)!));
    }),
  };
}
