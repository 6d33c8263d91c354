import { EntityManager } from 'typeorm';

/**
 * The courses repository's copies (courses.repository.ts holds the rest): deep copies for reuse, each one raw SQL
 * statement inside the caller's transaction (the courses service's clone, and through index.ts the course-modules
 * and content services). Content rows of a copy point at the same stored file as the original: file bytes never
 * change, a content edit changes only its own row, and a file is deleted only when no row references it any more
 * (jobs/file-cleanup.ts).
 */
const CONTENT_COLUMNS = 'title, description, content_type, file_id, file_name, file_size, mime_type, is_visible';

/** Every module of one course, with its content, into another course (same order numbers). */
export async function copyCourseModules(m: EntityManager, fromCourseId: string, toCourseId: string, actorId: string): Promise<void> {
  await m.query(
    `WITH src AS (
       SELECT md.*, gen_random_uuid() AS new_id FROM course_modules md WHERE md.course_id = $1
     ), mods AS (
       INSERT INTO course_modules (id, course_id, title, description, module_type, sort_order, is_visible)
       SELECT new_id, $2, title, description, module_type, sort_order, is_visible FROM src
     )
     INSERT INTO contents (module_id, created_by, ${CONTENT_COLUMNS})
     SELECT src.new_id, $3, ${CONTENT_COLUMNS.split(', ')
       .map((c) => `ct.${c}`)
       .join(', ')}
       FROM contents ct JOIN src ON src.id = ct.module_id`,
    [fromCourseId, toCourseId, actorId],
  );
}

/** One module with its content, appended to a course (order: the highest there plus 1). */
export async function copyModule(
  m: EntityManager,
  moduleId: string,
  newModuleId: string,
  toCourseId: string,
  actorId: string,
): Promise<void> {
  await m.query(
    `WITH mods AS (
       INSERT INTO course_modules (id, course_id, title, description, module_type, sort_order, is_visible)
       SELECT $2, $3, md.title, md.description, md.module_type,
              (SELECT COALESCE(MAX(o.sort_order), 0) + 1 FROM course_modules o WHERE o.course_id = $3), md.is_visible
         FROM course_modules md WHERE md.id = $1
     )
     INSERT INTO contents (module_id, created_by, ${CONTENT_COLUMNS})
     SELECT $2, $4, ${CONTENT_COLUMNS.split(', ')
       .map((c) => `ct.${c}`)
       .join(', ')}
       FROM contents ct WHERE ct.module_id = $1`,
    [moduleId, newModuleId, toCourseId, actorId],
  );
}

/** One content item into a module. */
export async function copyContent(
  m: EntityManager,
  contentId: string,
  newContentId: string,
  toModuleId: string,
  actorId: string,
): Promise<void> {
  await m.query(
    `INSERT INTO contents (id, module_id, created_by, ${CONTENT_COLUMNS})
     SELECT $2, $3, $4, ${CONTENT_COLUMNS.split(', ')
       .map((c) => `ct.${c}`)
       .join(', ')}
       FROM contents ct WHERE ct.id = $1`,
    [contentId, newContentId, toModuleId, actorId],
  );
}
