import { DataSource, EntityManager } from 'typeorm';
import type { Runner } from '../../db/rows';
import { Actor } from '../../policies';
import { updateVersioned } from '../../db/versioned';
import { Page, PageWindow, pageOfQuery } from '../../core/paging';
import { AcademicYear } from './academic-year.entity';
import { AcademicPeriod } from './academic-period.entity';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';
import { Allocation } from './allocation.entity';
import { TreeYear, treeSql } from './academic.tree';
import { ACADEMIC_TEXT as T } from './academic.validation';

/*
 * The statements of the academic domain's years (with the tree), terms and grading periods, subjects and classes
 * (issue 29); allocations and placement are in academic.repository.allocations.ts, the loaders' batch reads in
 * academic.repository.loaders.ts. The domain mixes styles as its services did: TypeORM for the rows GraphQL
 * answers with (repositories, query builders, the shared updateVersioned), raw SQL for locks, the one active year,
 * counts and the course-management tree (whose text academic.tree.ts builds). The services decide; these read and write.
 */

/** Activations take turns: each sees the year the one before it made active. */
const ACTIVATION_LOCK = 7243201;

// ---- years

/** Every year, newest first (so the course-management tree opens on the current year). */
export function allYears(ds: DataSource): Promise<AcademicYear[]> {
  return ds.getRepository(AcademicYear).find({ order: { year: 'DESC', id: 'ASC' } });
}

/** The course-management tree of one year (`yearId`) or of all, whole or lean, in one statement (academic.tree.ts). */
export async function academicTree(ds: DataSource, actor: Actor, yearId: string | null, lean: boolean): Promise<TreeYear[]> {
  const [row]: Array<{ tree: TreeYear[] }> = await ds.query(treeSql(actor, lean), [yearId, actor.userId]);
  return row.tree;
}

export function yearById(m: Runner, id: string): Promise<AcademicYear | null> {
  return m.getRepository(AcademicYear).findOneBy({ id });
}

/** The year, failing when it is gone (read back after a write in the same transaction). */
export function yearByIdOrFail(m: EntityManager, id: string): Promise<AcademicYear> {
  return m.getRepository(AcademicYear).findOneByOrFail({ id });
}

export function yearExists(m: Runner, id: string): Promise<boolean> {
  return m.getRepository(AcademicYear).existsBy({ id });
}

/** Whether the year is there, by a plain SELECT (what a period list checks first). */
export async function hasYear(ds: DataSource, id: string): Promise<boolean> {
  const [year] = await ds.query(`SELECT 1 FROM academic_years WHERE id = $1`, [id]);
  return Boolean(year);
}

/** The year, locked until the transaction ends (a delete reads, counts and deletes it). */
export function lockYear(m: EntityManager, id: string): Promise<AcademicYear | null> {
  return m.getRepository(AcademicYear).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
}

/** A new year, saved as the fields give it (the service makes it active afterwards, see activateYear). */
export function insertYear(m: EntityManager, fields: Partial<AcademicYear>): Promise<AcademicYear> {
  const repo = m.getRepository(AcademicYear);
  return repo.save(repo.create(fields));
}

/**
 * At most one year is active (the database's academic_years_one_active): making one active first makes
 * the others inactive, one activation at a time (row locks alone would let two each miss the other's year).
 */
export async function deactivateOtherYears(m: EntityManager, id: string): Promise<void> {
  await m.query('SELECT pg_advisory_xact_lock($1)', [ACTIVATION_LOCK]);
  await m.query('UPDATE academic_years SET is_active = false, version = version + 1 WHERE is_active AND id <> $1', [id]);
}

/** The year becomes the one active year (the others first become inactive). */
export async function activateYear(m: EntityManager, id: string): Promise<void> {
  await deactivateOtherYears(m, id);
  await m.query('UPDATE academic_years SET is_active = true WHERE id = $1', [id]);
}

/** A conditional update: with a version, a concurrent change is answered with CONFLICT. */
export function updateYear(m: EntityManager, id: string, set: Partial<AcademicYear>, version: number | undefined): Promise<AcademicYear> {
  return updateVersioned(m, AcademicYear, id, set, version, { what: 'academic year', notFound: T.yearNotFound });
}

export async function deleteYear(m: EntityManager, id: string): Promise<void> {
  await m.getRepository(AcademicYear).delete({ id });
}

/** How many classes the year has (which keep it from being deleted). */
export function countClassesOfYear(m: EntityManager, academicYearId: string): Promise<number> {
  return m.getRepository(SchoolClass).countBy({ academicYearId });
}

// ---- terms and grading periods

/**
 * The year's dates (YYYY-MM-DD or null), locked: a change of its dates and a change of its periods take turns,
 * so neither misses the other. Undefined when there is no such year.
 */
export async function lockYearDates(
  m: EntityManager,
  yearId: string,
): Promise<{ id: string; startDate: string | null; endDate: string | null } | undefined> {
  const [year] = await m.query(
    `SELECT id, to_char(start_date, 'YYYY-MM-DD') AS "startDate", to_char(end_date, 'YYYY-MM-DD') AS "endDate"
    FROM academic_years WHERE id = $1 FOR UPDATE`,
    [yearId],
  );
  return year;
}

/** The year's terms and grading periods by start date (what the year's new dates must hold). */
export function periodsOfYearByStart(m: EntityManager, yearId: string): Promise<AcademicPeriod[]> {
  return m.getRepository(AcademicPeriod).find({ where: { academicYearId: yearId }, order: { startDate: 'ASC' } });
}

/** The year's terms and grading periods in AcademicYear.periods' order: start date, terms first, title. */
export function periodsOfYear(ds: DataSource, yearId: string): Promise<AcademicPeriod[]> {
  return ds
    .getRepository(AcademicPeriod)
    .find({ where: { academicYearId: yearId }, order: { startDate: 'ASC', type: 'DESC', title: 'ASC' } });
}

export function periodById(m: EntityManager, id: string): Promise<AcademicPeriod | null> {
  return m.getRepository(AcademicPeriod).findOneBy({ id });
}

/** The period, failing when it is gone (read back after its update). */
export function periodByIdOrFail(m: EntityManager, id: string): Promise<AcademicPeriod> {
  return m.getRepository(AcademicPeriod).findOneByOrFail({ id });
}

/** The grading periods that lie in the term. */
export function periodsOfTerm(m: EntityManager, termId: string): Promise<AcademicPeriod[]> {
  return m.getRepository(AcademicPeriod).findBy({ parentId: termId });
}

export function insertPeriod(m: EntityManager, fields: Partial<AcademicPeriod>): Promise<AcademicPeriod> {
  const repo = m.getRepository(AcademicPeriod);
  return repo.save(repo.create(fields));
}

export async function updatePeriod(m: EntityManager, id: string, set: Partial<AcademicPeriod>): Promise<void> {
  await m.getRepository(AcademicPeriod).update({ id }, set);
}

/** Deletes the period (a term's grading periods go with it); false when there was none. */
export async function deletePeriod(ds: DataSource, id: string): Promise<boolean> {
  const deleted = await ds.getRepository(AcademicPeriod).delete({ id });
  return Boolean(deleted.affected);
}

// ---- subjects

/** Every subject by name, then id. */
function subjectsQuery(ds: DataSource) {
  return ds.getRepository(Subject).createQueryBuilder('s').orderBy('s.name', 'ASC').addOrderBy('s.id', 'ASC');
}

export function allSubjects(ds: DataSource): Promise<Subject[]> {
  return subjectsQuery(ds).getMany();
}

/** One window of the subjects by name, with the total: two statements whatever the size. */
export function pageOfSubjects(ds: DataSource, window: PageWindow): Promise<Page<Subject>> {
  return pageOfQuery(subjectsQuery(ds), window);
}

export function subjectById(ds: DataSource, id: string): Promise<Subject | null> {
  return ds.getRepository(Subject).findOneBy({ id });
}

export function subjectExists(m: EntityManager, id: string): Promise<boolean> {
  return m.getRepository(Subject).existsBy({ id });
}

/** The subject, locked until the transaction ends (a delete reads, counts and deletes it). */
export function lockSubject(m: EntityManager, id: string): Promise<Subject | null> {
  return m.getRepository(Subject).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
}

export function insertSubject(ds: DataSource, fields: Partial<Subject>): Promise<Subject> {
  const repo = ds.getRepository(Subject);
  return repo.save(repo.create(fields));
}

/** A conditional update: with a version, a concurrent change is answered with CONFLICT. */
export function updateSubject(m: EntityManager, id: string, set: Partial<Subject>, version: number | undefined): Promise<Subject> {
  return updateVersioned(m, Subject, id, set, version, { what: 'subject', notFound: T.subjectNotFound });
}

export async function deleteSubject(m: EntityManager, id: string): Promise<void> {
  await m.getRepository(Subject).delete({ id });
}

/** How many allocations teach the subject (which keep it from being deleted). */
export function countAllocationsOfSubject(m: EntityManager, subjectId: string): Promise<number> {
  return m.getRepository(Allocation).countBy({ subjectId });
}

// ---- classes

/** One statement: the year comes by a join (REST shows academicYear {_id, year}). */
function classesQuery(m: Runner) {
  return m
    .getRepository(SchoolClass)
    .createQueryBuilder('c')
    .innerJoinAndSelect('c.academicYear', 'y')
    .orderBy('y.year', 'DESC')
    .addOrderBy('c.name', 'ASC')
    .addOrderBy('c.id', 'ASC');
}

/** The classes of one year, or all (null or undefined), newest year first, then by name. */
function classesOf(ds: DataSource, academicYearId: string | null | undefined) {
  const qb = classesQuery(ds.manager);
  if (academicYearId) qb.andWhere('c.academic_year_id = :yearId', { yearId: academicYearId });
  return qb;
}

export function classesOfYearOrAll(ds: DataSource, academicYearId: string | null | undefined): Promise<SchoolClass[]> {
  return classesOf(ds, academicYearId).getMany();
}

/** One window of the list with the total; two statements whatever the size (the year is a to-one join). */
export function pageOfClasses(ds: DataSource, academicYearId: string | null | undefined, window: PageWindow): Promise<Page<SchoolClass>> {
  return pageOfQuery(classesOf(ds, academicYearId), window);
}

/** The class with its year joined. */
export function classWithYear(m: EntityManager, id: string): Promise<SchoolClass | null> {
  return classesQuery(m).where('c.id = :id', { id }).getOne();
}

export function classById(m: EntityManager, id: string): Promise<SchoolClass | null> {
  return m.getRepository(SchoolClass).findOneBy({ id });
}

/** The class, locked until the transaction ends (a delete reads, counts and deletes it). */
export function lockClass(m: EntityManager, id: string): Promise<SchoolClass | null> {
  return m.getRepository(SchoolClass).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
}

/** A new class; its id. */
export async function insertClass(m: EntityManager, fields: Partial<SchoolClass>): Promise<string> {
  const { identifiers } = await m.getRepository(SchoolClass).insert(fields);
  return identifiers[0].id as string;
}

/** A conditional update: with a version, a concurrent change is answered with CONFLICT. */
export async function updateClass(m: EntityManager, id: string, set: Partial<SchoolClass>, version: number | undefined): Promise<void> {
  await updateVersioned(m, SchoolClass, id, set, version, { what: 'class', notFound: T.classNotFound });
}

export async function deleteClass(m: EntityManager, id: string): Promise<void> {
  await m.getRepository(SchoolClass).delete({ id });
}

/** How many students are placed in the class and how many allocations it has (either keeps it in its year). */
export async function dependentsOfClass(m: EntityManager, classId: string): Promise<{ students: number; allocations: number }> {
  const [row] = await m.query(
    `SELECT (SELECT count(*) FROM users WHERE class_id = $1)::int AS students,
            (SELECT count(*) FROM allocations WHERE class_id = $1)::int AS allocations`,
    [classId],
  );
  return row;
}
