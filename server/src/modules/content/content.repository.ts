/**
 * Every statement the content domain runs: the service and the loaders call these and decide. TypeORM for the
 * rows (repositories and query builders, the shared versioned update, delete and copy hold of server/src/db); the
 * readable filter is SQL text from policies/sql, run here in a query builder. The statements of a copy itself
 * (courses' copyContent) and of the stored file's record (FilesService) belong to those domains.
 */
import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../../policies';
import { itemReadableSql } from '../../policies/sql';
import { deleteOne, holdForCopy } from '../../db/rows';
import { updateVersioned } from '../../db/versioned';
import { TAUGHT_BY } from '../courses';
import { MODULE_TEXT } from '../course-modules';
import { Content } from './content.entity';
import { CONTENT_TEXT as T } from './content.validation';

/**
 * The content of these modules that the viewer may read ('course.readItem' in SQL: an item is visible when
 * it and its module are), by upload time. Every path to a module's content uses it.
 */
export function contentsOfModules(m: DataSource | EntityManager, actor: Actor | null, moduleIds: string[]): Promise<Content[]> {
  return m
    .getRepository(Content)
    .createQueryBuilder('ct')
    .innerJoin('course_modules', 'md', 'md.id = ct.module_id')
    .where('ct.module_id IN (:...moduleIds)', { moduleIds })
    .andWhere(itemReadableSql(actor, { courseId: 'md.course_id', visible: '(ct.is_visible AND md.is_visible)' }, ':viewer'), {
      viewer: actor?.userId,
    })
    .orderBy('ct.created_at', 'ASC')
    .addOrderBy('ct.id', 'ASC')
    .getMany();
}

/** One content item by id, whoever may read it (the service checks that); null when there is none. */
export function contentById(m: DataSource | EntityManager, id: string): Promise<Content | null> {
  return m.getRepository(Content).findOneBy({ id });
}

/** A content item written in this transaction, as the database has it now (defaults, version). */
export function contentByIdOrFail(m: EntityManager, id: string): Promise<Content> {
  return m.getRepository(Content).findOneByOrFail({ id });
}

/** Writes a new content item (built by the service with `m.create`). */
export function saveContent(m: EntityManager, row: Content): Promise<Content> {
  return m.save(row);
}

/** Changes a content item and bumps its version; CONFLICT when `version` is given and stale, not found when gone. */
export function updateContent(m: EntityManager, id: string, set: Partial<Content>, version: number | undefined): Promise<Content> {
  return updateVersioned(m, Content, id, set, version, { what: 'content', notFound: T.notFound });
}

/** Deletes a content item's row (not its file: the file-cleanup job does that); not found when already gone. */
export function deleteContent(m: DataSource | EntityManager, id: string): Promise<void> {
  return deleteOne(m, Content, id, T.notFound);
}

/** With module, course, year, class and subject, for the reuse tree. */
function contentTree(m: EntityManager) {
  return m
    .getRepository(Content)
    .createQueryBuilder('ct')
    .innerJoinAndSelect('ct.module', 'm')
    .innerJoinAndSelect('m.course', 'c')
    .innerJoinAndSelect('c.subject', 's')
    .innerJoinAndSelect('c.class', 'cl')
    .innerJoinAndSelect('c.academicYear', 'y');
}

/** Content of the modules of the courses this teacher teaches, as a tree by year, class, course and module. */
export function reusableContents(m: EntityManager, teacherId: string): Promise<Content[]> {
  return contentTree(m)
    .where(TAUGHT_BY('me'), { me: teacherId })
    .orderBy('y.year', 'DESC')
    .addOrderBy('cl.name', 'ASC')
    .addOrderBy('c.title', 'ASC')
    .addOrderBy('m.sort_order', 'ASC')
    .addOrderBy('ct.created_at', 'ASC')
    .addOrderBy('ct.id', 'ASC')
    .getMany();
}

/**
 * Holds the item to copy and the module it is copied into until the copy commits (a delete of either waits);
 * not found when one of them was deleted before the hold.
 */
export async function holdForContentCopy(m: EntityManager, contentId: string, moduleId: string): Promise<void> {
  await holdForCopy(m, 'contents', contentId, T.notFound);
  await holdForCopy(m, 'course_modules', moduleId, MODULE_TEXT.notFound);
}
