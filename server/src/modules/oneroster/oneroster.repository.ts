import type { DataSource, EntityManager } from 'typeorm';
import type { Collection, Row } from './oneroster.mapping';
import type { Existing, ImportRecord, ImportReport } from './oneroster.import-plan';

/*
 * The statements of the oneroster domain (issue 29), in raw SQL as the whole domain writes it. This part holds
 * the reads of the OneRoster collections (their SQL is built in oneroster.mapping.ts and oneroster.query.ts and
 * run here), what an import plans against, and the record of import runs. The gradebook service's writes are
 * in oneroster.repository.gradebook.ts, the writes of an applied import in oneroster.repository.apply.ts.
 */

/** Every object of a collection, by sourcedId (the CSV export). */
export async function collectionRows(ds: DataSource, c: Collection): Promise<Row[]> {
  return ds.query(`SELECT o.* FROM (${c.sql}) o ORDER BY o."sourcedId"`);
}

/** How many objects `from` (a collection's SQL with its restriction and filter, over `o`) selects. */
export async function collectionTotal(ds: DataSource, from: string, params: unknown[]): Promise<number> {
  const [{ total }] = (await ds.query(`SELECT count(*)::int AS total ${from}`, params)) as Array<{ total: number }>;
  return total;
}

/** One page of what `from` selects, in `order` (orderSql). */
export async function collectionPage(
  ds: DataSource,
  from: string,
  order: string,
  window: { limit: number; offset: number },
  params: unknown[],
): Promise<Row[]> {
  return (await ds.query(`SELECT o.* ${from} ORDER BY ${order} LIMIT ${window.limit} OFFSET ${window.offset}`, params)) as Row[];
}

/** The collection's object with the sourcedId `$1` that also meets `extra` (a restriction over `o`), if any. */
export async function collectionObject(ds: DataSource, c: Collection, extra: string, params: unknown[]): Promise<Row | undefined> {
  const [row] = (await ds.query(`SELECT o.* FROM (${c.sql}) o WHERE o."sourcedId" = $1${extra} LIMIT 1`, params)) as Row[];
  return row;
}

/** What the school holds, as an import's plan compares it: ten reads, run side by side on the pool. */
export async function existingRoster(ds: DataSource): Promise<Existing> {
  const q = (sql: string) => ds.query(sql);
  const [years, periods, subjects, classes, allocations, users, links, teaching, orgs, courses] = await Promise.all([
    q(
      `SELECT id, coalesce(sourced_id, id::text) AS sid, year, to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS "end" FROM academic_years`,
    ),
    q(`SELECT id, coalesce(sourced_id, id::text) AS sid, academic_year_id AS "yearId", type, title, to_char(start_date, 'YYYY-MM-DD') AS start,
         to_char(end_date, 'YYYY-MM-DD') AS "end", parent_id AS "parentId", sourced_id IS NOT NULL AS "fromSis" FROM academic_periods`),
    q(`SELECT id, coalesce(sourced_id, id::text) AS sid, name FROM subjects`),
    q(`SELECT id, name, grade, academic_year_id AS "yearId" FROM classes`),
    q(`SELECT id, coalesce(sourced_id, id::text) AS sid, class_id AS "classId", subject_id AS "subjectId", academic_year_id AS "yearId",
         sourced_id IS NOT NULL AS "fromSis" FROM allocations`),
    q(`SELECT id, coalesce(sourced_id, id::text) AS sid, email, first_name AS "firstName", last_name AS "lastName", role, class_id AS "classId",
         academic_year_id AS "yearId", sourced_id IS NOT NULL AS "fromSis", deactivated_at IS NOT NULL AS deactivated FROM users`),
    q(`SELECT parent_id AS "parentId", student_id AS "studentId" FROM parent_students`),
    q(`SELECT allocation_id AS "allocationId", teacher_id AS "teacherId" FROM allocation_teachers`),
    q(`SELECT sourced_id AS sid, name, identifier, type FROM oneroster_orgs ORDER BY type DESC`),
    q(`SELECT sourced_id AS sid, subject_id AS "subjectId", grade FROM oneroster_courses`),
  ]);
  const school = (orgs as Array<{ sid: string; type: string }>).find((o) => o.type === 'school')!;
  return { years, periods, subjects, classes, allocations, users, links, teaching, courses, school: school.sid, orgs } as Existing;
}

/** Waits for the import being applied, if any, until the caller's transaction ends: two applies never interleave. */
export async function lockImports(m: EntityManager): Promise<void> {
  await m.query(`SELECT pg_advisory_xact_lock(hashtext('oneroster-import'))`);
}

/** Keeps a run with its report (in the caller's transaction, with what it applied). */
export async function insertImport(m: EntityManager, createdBy: string, report: ImportReport): Promise<{ id: string; createdAt: Date }> {
  const [row] = await m.query(
    `INSERT INTO oneroster_imports (created_by, applied, report) VALUES ($1, $2, $3) RETURNING id, created_at AS "createdAt"`,
    [createdBy, report.applied, JSON.stringify(report)],
  );
  return row;
}

/** The last `limit` imports, newest first, with the name of who ran them (null once that user is gone). */
export async function recentImports(ds: DataSource, limit: number): Promise<Array<ImportRecord & { createdByName: string | null }>> {
  return ds.query(
    `SELECT i.id, i.created_at AS "createdAt", i.created_by AS "createdBy", i.applied, i.report,
         CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS "createdByName"
       FROM oneroster_imports i LEFT JOIN users u ON u.id = i.created_by ORDER BY i.created_at DESC LIMIT $1`,
    [limit],
  );
}
