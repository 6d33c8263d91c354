import { DataSource } from 'typeorm';
import { conflict, notFound } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { Actor, authorize } from '../../policies';
import { Subject } from './subject.entity';
import { ACADEMIC_TEXT as T } from './academic.validation';
import { Page, PageWindow } from '../../core/paging';
import {
  allSubjects,
  countAllocationsOfSubject,
  deleteSubject,
  insertSubject,
  lockSubject,
  pageOfSubjects,
  subjectById,
  updateSubject,
} from './academic.repository';
import { flag, freeText, isStillReferenced, optionalRequiredText, requiredText, rethrowUnique, versionOf } from '../../core/input';

export interface SubjectInput {
  name?: unknown;
  description?: unknown;
  isActive?: unknown;
  version?: unknown;
}

const UNIQUE = (name: string) => ({ subjects_name_key: T.subjectTaken(name) });

/** Subjects: read by everyone signed in, changed by SuperAdmin and Admin; names unique regardless of case. */
export class SubjectsService {
  constructor(private readonly ds: DataSource) {}

  async list(actor: Actor): Promise<Subject[]> {
    authorize(actor, 'academic.read');
    return allSubjects(this.ds);
  }

  /** One window of the list by name; two statements whatever the size. */
  async page(actor: Actor, window: PageWindow): Promise<Page<Subject>> {
    authorize(actor, 'academic.read');
    return pageOfSubjects(this.ds, window);
  }

  async get(actor: Actor, id: string): Promise<Subject> {
    assertId(id, T.subjectNotFound);
    authorize(actor, 'academic.read', undefined, { as: 'notFound', message: T.subjectNotFound });
    const subject = await subjectById(this.ds, id);
    if (!subject) throw notFound(T.subjectNotFound);
    return subject;
  }

  /** platform.md section 5: name required. */
  async create(actor: Actor, input: SubjectInput): Promise<Subject> {
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    const name = requiredText(input.name, T.subjectNameRequired, 'Subject name', 100, undefined, 'name');
    const description = freeText(input.description, 'Description', 2000, undefined, 'description') ?? '';
    const isActive = flag(input.isActive, 'isActive', 'isActive') ?? true;
    try {
      return await insertSubject(this.ds, { name, description, isActive });
    } catch (err) {
      rethrowUnique(err, UNIQUE(name));
    }
  }

  async update(actor: Actor, id: string, input: SubjectInput): Promise<Subject> {
    assertId(id, T.subjectNotFound);
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    const name = optionalRequiredText(input.name, T.subjectNameRequired, 'Subject name', 100, undefined, 'name');
    const description = freeText(input.description, 'Description', 2000, undefined, 'description');
    const isActive = flag(input.isActive, 'isActive', 'isActive');
    const version = versionOf(input.version);
    const set: Partial<Subject> = {};
    if (name !== undefined) set.name = name;
    if (description !== undefined) set.description = description;
    if (isActive !== undefined) set.isActive = isActive;
    try {
      return await updateSubject(this.ds.manager, id, set, version);
    } catch (err) {
      rethrowUnique(err, UNIQUE(name ?? ''));
    }
  }

  /** Refused while allocations (or a later domain's rows, such as courses) use the subject. */
  async delete(actor: Actor, id: string): Promise<void> {
    assertId(id, T.subjectNotFound);
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    await this.ds.transaction(async (m) => {
      const subject = await lockSubject(m, id);
      if (!subject) throw notFound(T.subjectNotFound);
      const used = await countAllocationsOfSubject(m, id);
      if (used > 0) throw conflict(T.subjectInUse(subject.name, used));
      try {
        await deleteSubject(m, id);
      } catch (err) {
        if (isStillReferenced(err)) throw conflict(T.stillUsed(subject.name));
        throw err;
      }
    });
  }
}
