import { EntityManager } from 'typeorm';
import { notFound } from '../../errors/domain-error';
import { COURSE_TEXT } from '../courses';

/**
 * A course's module order numbers are unique (the database says so). A module placed at a taken number is
 * inserted there and the ones from that number on move down one, as a teacher who types "1" expects; the
 * course row is locked first, so simultaneous creates in one course take their turn instead of both
 * taking "the highest plus one".
 */
export async function lockCourseOrder(m: EntityManager, courseId: string): Promise<void> {
  const rows: unknown[] = await m.query('SELECT 1 FROM courses WHERE id = $1 FOR NO KEY UPDATE', [courseId]);
  if (!rows.length) throw notFound(COURSE_TEXT.notFound); // deleted meanwhile
}

/** The number a new module gets: the one asked for (making room there), else the highest plus one. */
export async function placeNewModule(m: EntityManager, courseId: string, wanted: number | undefined): Promise<number> {
  await lockCourseOrder(m, courseId);
  if (wanted === undefined) {
    const [{ next }] = await m.query('SELECT COALESCE(MAX(sort_order), 0) + 1 AS next FROM course_modules WHERE course_id = $1', [
      courseId,
    ]);
    return next;
  }
  await m.query('UPDATE course_modules SET sort_order = sort_order + 1 WHERE course_id = $1 AND sort_order >= $2', [courseId, wanted]);
  return wanted;
}

/** Moves a module to another number, shifting the ones in between by one (the constraint is checked at commit). */
export async function moveModule(m: EntityManager, courseId: string, moduleId: string, to: number): Promise<void> {
  await lockCourseOrder(m, courseId);
  const [row]: Array<{ sort_order: number }> = await m.query('SELECT sort_order FROM course_modules WHERE id = $1', [moduleId]);
  if (!row || row.sort_order === to) return;
  const from = row.sort_order;
  const taken: unknown[] = await m.query('SELECT 1 FROM course_modules WHERE course_id = $1 AND sort_order = $2 AND id <> $3', [
    courseId,
    to,
    moduleId,
  ]);
  if (!taken.length) return; // a free number: the update itself moves it
  if (to < from) {
    await m.query('UPDATE course_modules SET sort_order = sort_order + 1 WHERE course_id = $1 AND sort_order >= $2 AND sort_order < $3', [
      courseId,
      to,
      from,
    ]);
  } else {
    await m.query('UPDATE course_modules SET sort_order = sort_order - 1 WHERE course_id = $1 AND sort_order > $2 AND sort_order <= $3', [
      courseId,
      from,
      to,
    ]);
  }
}
