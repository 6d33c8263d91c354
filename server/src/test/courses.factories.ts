import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import type { Services } from '../core/context';
import { LocalFileStore, tinyPdf } from '../modules/files';
import { Row } from './academic.factories';

/** Course rows for tests, as plain SQL, so a test sets up its world without the services under test. */

export async function makeCourse(
  ds: DataSource,
  c: { teacherIds: string[]; classId: string; subjectId: string; academicYearId: string; title?: string },
): Promise<string> {
  const [row] = await ds.query(
    `INSERT INTO courses (title, subject_id, class_id, academic_year_id, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [c.title ?? 'TEST-101', c.subjectId, c.classId, c.academicYearId, c.teacherIds[0] ?? null],
  );
  if (c.teacherIds.length) {
    // a course's teachers are its allocation's: allocate them to its class, subject and year
    const [alloc] = await ds.query(
      `INSERT INTO allocations (class_id, subject_id, academic_year_id) VALUES ($1, $2, $3)
       ON CONFLICT (class_id, subject_id, academic_year_id) DO UPDATE SET class_id = EXCLUDED.class_id RETURNING id`,
      [c.classId, c.subjectId, c.academicYearId],
    );
    await ds.query('INSERT INTO allocation_teachers (allocation_id, teacher_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING', [
      alloc.id,
      c.teacherIds,
    ]);
  }
  return row.id;
}

export async function makeModule(
  ds: DataSource,
  courseId: string,
  m: { title?: string; order?: number; isVisible?: boolean } = {},
): Promise<string> {
  const [row] = await ds.query(
    `INSERT INTO course_modules (course_id, title, sort_order, is_visible)
     VALUES ($1, $2, COALESCE($3, (SELECT COALESCE(MAX(sort_order), 0) + 1 FROM course_modules WHERE course_id = $1)), $4) RETURNING id`,
    [courseId, m.title ?? 'Week', m.order ?? null, m.isVisible ?? true],
  );
  return row.id;
}

/** A content item whose file really is in the server's store (stored through the FileStore, like an upload). */
export async function makeContent(
  ds: DataSource,
  services: Services,
  moduleId: string,
  c: { title?: string; isVisible?: boolean; bytes?: Buffer; name?: string; mime?: string; contentType?: string; ownerId?: string } = {},
): Promise<{ id: string; fileId: string; key: string }> {
  const bytes = c.bytes ?? tinyPdf(['Test file']);
  const put = await services.files.store.put(Readable.from([bytes]));
  const [file] = await ds.query(
    `INSERT INTO files (storage_key, original_name, size, mime, sha256, owner_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [put.key, c.name ?? 'test.pdf', put.size, c.mime ?? 'application/pdf', put.sha256, c.ownerId ?? null],
  );
  const [row] = await ds.query(
    `INSERT INTO contents (module_id, title, content_type, file_id, file_name, file_size, mime_type, is_visible)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      moduleId,
      c.title ?? 'Notes',
      c.contentType ?? 'PDF',
      file.id,
      c.name ?? 'test.pdf',
      put.size,
      c.mime ?? 'application/pdf',
      c.isVisible ?? true,
    ],
  );
  return { id: row.id, fileId: file.id, key: put.key };
}

export async function makeAnnouncement(
  ds: DataSource,
  courseId: string,
  authorId: string,
  a: { title?: string; isVisible?: boolean } = {},
): Promise<string> {
  const [row] = await ds.query(
    `INSERT INTO announcements (course_id, title, content, is_visible, author_id) VALUES ($1, $2, 'Text', $3, $4) RETURNING id`,
    [courseId, a.title ?? 'Notice', a.isVisible ?? true, authorId],
  );
  return row.id;
}

export async function makeDiscussion(
  ds: DataSource,
  courseId: string,
  authorId: string,
  parentId: string | null = null,
  title = 'Thread',
): Promise<string> {
  const [row] = await ds.query(
    `INSERT INTO discussions (course_id, parent_id, title, content, author_id) VALUES ($1, $2, $3, 'Text', $4) RETURNING id`,
    [courseId, parentId, title, authorId],
  );
  return row.id;
}

/** Every file the local store holds (to prove a refused upload left nothing behind). */
export function storedFiles(services: Services): string[] {
  const root = (services.files.store as LocalFileStore).root;
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

export async function rowCounts(ds: DataSource): Promise<{ files: number; contents: number }> {
  const [r] = await ds.query('SELECT (SELECT count(*)::int FROM files) AS files, (SELECT count(*)::int FROM contents) AS contents');
  return r;
}

export type { Row };

/**
 * Bulk data in a handful of statements, for the tests that prove a page's statement count does not grow:
 * per course `n` modules (every third hidden) with two content items each (sharing one stored file row),
 * `n` announcements and `n` threads with two replies each.
 */
export async function fillCourses(ds: DataSource, courseIds: string[], authorIds: string[], n: number): Promise<void> {
  const [file] = await ds.query(
    `INSERT INTO files (storage_key, original_name, size, mime, sha256) VALUES (gen_random_uuid()::text, 'bulk.pdf', 1, 'application/pdf', repeat('0', 64)) RETURNING id`,
  );
  await ds.query(
    `INSERT INTO course_modules (course_id, title, sort_order, is_visible)
     SELECT c, 'Bulk week ' || g, (SELECT COALESCE(MAX(sort_order), 0) FROM course_modules x WHERE x.course_id = c) + g, g % 3 <> 0
       FROM unnest($1::uuid[]) c, generate_series(1, $2) g`,
    [courseIds, n],
  );
  await ds.query(
    `INSERT INTO contents (module_id, title, content_type, file_id, file_name, file_size, mime_type, is_visible)
     SELECT m.id, 'Bulk item ' || g, 'PDF', $2, 'bulk.pdf', 1, 'application/pdf', g = 1 FROM course_modules m, generate_series(1, 2) g
      WHERE m.course_id = ANY($1)`,
    [courseIds, file.id],
  );
  await ds.query(
    `INSERT INTO announcements (course_id, title, content, is_visible, author_id)
     SELECT c, 'Bulk notice ' || g, 'Text', g % 2 = 0, $3 FROM unnest($1::uuid[]) c, generate_series(1, $2) g`,
    [courseIds, n, authorIds[0]],
  );
  const threads: Array<{ id: string; course_id: string }> = await ds.query(
    `INSERT INTO discussions (course_id, title, content, author_id)
     SELECT c, 'Bulk thread ' || g, 'Text', ($3::uuid[])[1 + g % array_length($3::uuid[], 1)] FROM unnest($1::uuid[]) c, generate_series(1, $2) g
     RETURNING id, course_id`,
    [courseIds, n, authorIds],
  );
  await ds.query(
    `INSERT INTO discussions (course_id, parent_id, title, content, author_id)
     SELECT t.course_id, t.id, 'Re: bulk', 'Reply ' || g, ($3::uuid[])[1 + (g + 1) % array_length($3::uuid[], 1)]
       FROM unnest($1::uuid[], $2::uuid[]) AS t(id, course_id), generate_series(1, 2) g`,
    [threads.map((x) => x.id), threads.map((x) => x.course_id), authorIds],
  );
}

/** A course for every allocation of the given classes, taught by that allocation's teachers (course_teachers follows the allocations). */
export async function coursesForAllocations(ds: DataSource, classIds: string[]): Promise<string[]> {
  const rows: Array<{ id: string }> = await ds.query(
    `WITH a AS (SELECT id, class_id, subject_id, academic_year_id FROM allocations WHERE class_id = ANY($1)),
          c AS (INSERT INTO courses (title, subject_id, class_id, academic_year_id)
                SELECT 'BULK-' || left(a.id::text, 8), a.subject_id, a.class_id, a.academic_year_id FROM a RETURNING id, class_id, subject_id, academic_year_id)
     SELECT c.id FROM c`,
    [classIds],
  );
  return rows.map((r) => r.id);
}
