import { DataSource, EntityManager, In } from 'typeorm';
import { Actor } from '../../policies';
import { allocationReadableSql } from '../../policies/sql';
import { updateVersioned } from '../../db/versioned';
import { Page, PageWindow, pageOfQuery } from '../../core/paging';
import { User } from '../users';
import { Allocation } from './allocation.entity';
import { ACADEMIC_TEXT as T } from './academic.validation';

/*
 * The statements of the academic domain's allocations (which teachers teach a subject to a class in a year) and
 * of student placement (issue 29). TypeORM for the rows GraphQL and REST answer with (query builders that join
 * class, subject, year and teachers, so a list is one statement; the shared updateVersioned), raw SQL for the
 * teacher links, the "teaches there" check and the placements REST attaches to users.
 */

/** Which allocations a list asks for; the service checks the ids and the reader's right to the teacher filter. */
export interface AllocationFilter {
  classId?: string | null;
  academicYearId?: string | null;
  teacherId?: string | null;
}

/** One statement whatever the size: class, subject, year and (unless `teachers` is false) teachers come by joins. */
function allocationsQuery(m: EntityManager, teachers = true) {
  const qb = m
    .getRepository(Allocation)
    .createQueryBuilder('a')
    .innerJoinAndSelect('a.class', 'c')
    .innerJoinAndSelect('a.subject', 's')
    .innerJoinAndSelect('a.academicYear', 'y');
  if (teachers) qb.leftJoinAndSelect('a.teachers', 't');
  qb.orderBy('y.year', 'DESC').addOrderBy('c.name', 'ASC').addOrderBy('s.name', 'ASC').addOrderBy('a.id', 'ASC');
  return teachers ? qb.addOrderBy('t.lastName', 'ASC').addOrderBy('t.firstName', 'ASC') : qb;
}

/**
 * The allocations the filter selects that the reader may read: 'allocation.read' in SQL, so every list shows
 * exactly the allocations GET /teacher-assignments/{id} would.
 */
function readableQuery(ds: DataSource, actor: Actor, filter: AllocationFilter, teachers: boolean) {
  const qb = allocationsQuery(ds.manager, teachers).where(allocationReadableSql(actor, 'a.id', ':viewer'), { viewer: actor.userId });
  if (filter.teacherId) {
    qb.andWhere('EXISTS (SELECT 1 FROM allocation_teachers x WHERE x.allocation_id = a.id AND x.teacher_id = :teacherId)', {
      teacherId: filter.teacherId,
    });
  }
  if (filter.classId) qb.andWhere('a.class_id = :classId', { classId: filter.classId });
  if (filter.academicYearId) qb.andWhere('a.academic_year_id = :yearId', { yearId: filter.academicYearId });
  return qb;
}

/** The readable allocations the filter selects, with their teachers: one statement. */
export function readableAllocations(ds: DataSource, actor: Actor, filter: AllocationFilter): Promise<Allocation[]> {
  return readableQuery(ds, actor, filter, true).getMany();
}

/** One window of them with their teachers, and the total; two statements whatever the size. */
export function pageOfReadableAllocations(
  ds: DataSource,
  actor: Actor,
  filter: AllocationFilter,
  window: PageWindow,
): Promise<Page<Allocation>> {
  return pageOfQuery(readableQuery(ds, actor, filter, false), window, readableQuery(ds, actor, filter, true));
}

/** The allocation with class, subject, year and teachers joined, whoever may read it (the service decides). */
export function allocationWithTeachers(m: EntityManager, id: string): Promise<Allocation | null> {
  return allocationsQuery(m).where('a.id = :id', { id }).getOne();
}

export function allocationById(m: EntityManager, id: string): Promise<Allocation | null> {
  return m.getRepository(Allocation).findOneBy({ id });
}

/** The allocation, locked until the transaction ends (a delete reads and deletes it). */
export function lockAllocation(m: EntityManager, id: string): Promise<Allocation | null> {
  return m.getRepository(Allocation).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
}

/** A new allocation (its teachers come after, setTeachers); its id. */
export async function insertAllocation(
  m: EntityManager,
  fields: { academicYearId: string; classId: string; subjectId: string },
): Promise<string> {
  const { identifiers } = await m.getRepository(Allocation).insert(fields);
  return identifiers[0].id as string;
}

/** A conditional update: with a version, a concurrent change is answered with CONFLICT. */
export async function updateAllocation(
  m: EntityManager,
  id: string,
  set: { academicYearId: string; classId: string; subjectId: string },
  version: number | undefined,
): Promise<void> {
  await updateVersioned(m, Allocation, id, set, version, { what: 'teacher assignment', notFound: T.allocationNotFound });
}

/** Deletes the allocation; its teacher rows go with it. */
export async function deleteAllocation(m: EntityManager, id: string): Promise<void> {
  await m.getRepository(Allocation).delete({ id });
}

/** The allocation's teachers become exactly these. */
export async function setTeachers(m: EntityManager, allocationId: string, teacherIds: string[]): Promise<void> {
  await m.query('DELETE FROM allocation_teachers WHERE allocation_id = $1', [allocationId]);
  await m.query('INSERT INTO allocation_teachers (allocation_id, teacher_id) SELECT $1, unnest($2::uuid[])', [allocationId, teacherIds]);
}

// ---- placement

/** The users, by id, locked until the transaction ends (in id order, so two placements cannot deadlock). */
export function lockUsers(m: EntityManager, ids: string[]): Promise<User[]> {
  return m.getRepository(User).find({ where: { id: In(ids) }, order: { id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
}

/** The users are placed in the class and year. */
export async function placeUsers(m: EntityManager, ids: string[], place: { classId: string; academicYearId: string }): Promise<void> {
  await m.getRepository(User).update({ id: In(ids) }, place);
}

/** Whether the teacher is one of the teachers of an allocation in this class and year. */
export async function teachesIn(m: EntityManager, teacherId: string, classId: string, academicYearId: string): Promise<boolean> {
  const [row]: Array<{ ok: boolean }> = await m.query(
    `SELECT EXISTS (
       SELECT 1 FROM allocations a JOIN allocation_teachers x ON x.allocation_id = a.id
        WHERE a.class_id = $1 AND a.academic_year_id = $2 AND x.teacher_id = $3) AS ok`,
    [classId, academicYearId, teacherId],
  );
  return row.ok;
}

/** A class's name with its year's id and name: what REST shows of a placed user. */
export interface ClassPlace {
  class_id: string;
  class_name: string;
  year_id: string;
  year: string;
}

/** The class and year of each of these classes, in one statement. */
export function placesOfClasses(ds: DataSource, classIds: string[]): Promise<ClassPlace[]> {
  return ds.query(
    `SELECT c.id AS class_id, c.name AS class_name, y.id AS year_id, y.year
           FROM classes c JOIN academic_years y ON y.id = c.academic_year_id
          WHERE c.id = ANY($1)`,
    [classIds],
  );
}
