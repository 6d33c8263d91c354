import { DataSource, EntityManager } from 'typeorm';
import { conflict, notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { Actor, authorize } from '../../policies';
import { Role } from '../../core/role';
import { usersByIds } from '../users';
import { Allocation } from './allocation.entity';
import { ACADEMIC_TEXT as T } from './academic.validation';
import { Page, PageWindow } from '../../core/paging';
import { isStillReferenced, optionalRefId, refId, rethrowUnique, versionOf } from '../../core/input';
import { classById, subjectExists, yearExists } from './academic.repository';
import {
  type AllocationFilter,
  allocationById,
  allocationWithTeachers,
  deleteAllocation,
  insertAllocation,
  lockAllocation,
  pageOfReadableAllocations,
  readableAllocations,
  setTeachers,
  updateAllocation,
} from './academic.repository.allocations';

export type { AllocationFilter };

export interface AllocationInput {
  academicYearId?: unknown;
  classId?: unknown;
  subjectId?: unknown;
  teacherIds?: unknown;
  version?: unknown;
}

const UNIQUE = { allocations_class_subject_year_key: T.allocationTaken };

/**
 * Allocations (which teachers teach a subject to a class in a year; REST: /teacher-assignments): changed by
 * SuperAdmin and Admin; read by them, and by a teacher for the allocations they are a teacher of (lists are
 * filtered in SQL). User-visible texts keep the spec's words ("teacher assignment").
 */
export class AllocationsService {
  constructor(private readonly ds: DataSource) {}

  /** The filter, once its ids are well formed and the reader may ask for another teacher's; the lists filter by 'allocation.read' in SQL. */
  private checked(actor: Actor, filter: AllocationFilter): AllocationFilter {
    if (filter.teacherId) {
      authorize(actor, 'allocation.listOfTeacher', { teacherId: filter.teacherId }, { message: T.ownAllocationsOnly });
      assertId(filter.teacherId, T.userNotFound);
    }
    if (filter.classId) assertId(filter.classId, T.classNotFound);
    if (filter.academicYearId) assertId(filter.academicYearId, T.yearNotFound);
    return filter;
  }

  /** One statement whatever the size: class, subject, year and teachers come by joins. */
  async list(actor: Actor, filter: AllocationFilter = {}): Promise<Allocation[]> {
    return readableAllocations(this.ds, actor, this.checked(actor, filter));
  }

  /** One window of the list with its teachers; two statements whatever the size. */
  async page(actor: Actor, filter: AllocationFilter, window: PageWindow): Promise<Page<Allocation>> {
    return pageOfReadableAllocations(this.ds, actor, this.checked(actor, filter), window);
  }

  /** A teacher who is not one of its teachers is told it does not exist. */
  async get(actor: Actor, id: string, m: EntityManager = this.ds.manager): Promise<Allocation> {
    assertId(id, T.allocationNotFound);
    const found = await allocationWithTeachers(m, id);
    if (!found) throw notFound(T.allocationNotFound);
    const teacherIds = (found.teachers ?? []).map((u) => u.id);
    authorize(actor, 'allocation.read', { teacherIds }, { as: 'notFound', message: T.allocationNotFound });
    return found;
  }

  /** platform.md section 5: academicYear, class, subject and at least one teacher required. */
  async create(actor: Actor, input: AllocationInput): Promise<Allocation> {
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    const academicYearId = refId(input.academicYearId, T.academicYearRequired, T.yearNotFound, 'academicYearId');
    const classId = refId(input.classId, T.classRequired, T.classNotFound, 'classId');
    const subjectId = refId(input.subjectId, T.subjectRequired, T.subjectNotFound, 'subjectId');
    const teacherIds = teacherIdsOf(input.teacherIds);
    return this.ds.transaction(async (m) => {
      await checkAgreement(m, academicYearId, classId, subjectId);
      await checkTeachers(m, teacherIds);
      let id: string;
      try {
        id = await insertAllocation(m, { academicYearId, classId, subjectId });
      } catch (err) {
        rethrowUnique(err, UNIQUE);
      }
      await setTeachers(m, id, teacherIds);
      return this.get(actor, id, m);
    });
  }

  /** Partial: only what is given changes; the combined result must still agree. */
  async update(actor: Actor, id: string, input: AllocationInput): Promise<Allocation> {
    assertId(id, T.allocationNotFound);
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    const academicYearId = optionalRefId(input.academicYearId, T.academicYearRequired, T.yearNotFound, 'academicYearId');
    const classId = optionalRefId(input.classId, T.classRequired, T.classNotFound, 'classId');
    const subjectId = optionalRefId(input.subjectId, T.subjectRequired, T.subjectNotFound, 'subjectId');
    const teacherIds = input.teacherIds === undefined ? undefined : teacherIdsOf(input.teacherIds);
    const version = versionOf(input.version);
    return this.ds.transaction(async (m) => {
      const current = await allocationById(m, id);
      if (!current) throw notFound(T.allocationNotFound);
      const next = {
        academicYearId: academicYearId ?? current.academicYearId,
        classId: classId ?? current.classId,
        subjectId: subjectId ?? current.subjectId,
      };
      await checkAgreement(m, next.academicYearId, next.classId, next.subjectId);
      if (teacherIds) await checkTeachers(m, teacherIds);
      try {
        await updateAllocation(m, id, next, version);
      } catch (err) {
        rethrowUnique(err, UNIQUE);
      }
      if (teacherIds) await setTeachers(m, id, teacherIds);
      return this.get(actor, id, m);
    });
  }

  /** Its teacher rows are parts of it and go with it; rows of later domains that use it refuse the delete. */
  async delete(actor: Actor, id: string): Promise<void> {
    assertId(id, T.allocationNotFound);
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    await this.ds.transaction(async (m) => {
      const found = await lockAllocation(m, id);
      if (!found) throw notFound(T.allocationNotFound);
      try {
        await deleteAllocation(m, id);
      } catch (err) {
        if (isStillReferenced(err)) throw conflict(T.stillUsed('this teacher assignment'));
        throw err;
      }
    });
  }
}

/** REST sends `teachers` as ids (tolerantly also as {_id} objects); duplicates count once. */
function teacherIdsOf(v: unknown): string[] {
  if (!Array.isArray(v) || v.length === 0) throw validation(T.teacherRequired, 'teacherIds');
  const ids = v.map((t) => refId(t, T.teacherRequired, T.teacherNotFound));
  return [...new Set(ids)];
}

/** The year, class and subject exist, and the class belongs to the year. */
async function checkAgreement(m: EntityManager, academicYearId: string, classId: string, subjectId: string): Promise<void> {
  if (!(await yearExists(m, academicYearId))) throw notFound(T.yearNotFound);
  const cls = await classById(m, classId);
  if (!cls) throw notFound(T.classNotFound);
  if (cls.academicYearId !== academicYearId) throw validation(T.classYearMismatch, 'classId');
  if (!(await subjectExists(m, subjectId))) throw notFound(T.subjectNotFound);
}

/** Only users whose stored role is Teacher (the database refuses anyone else too). */
async function checkTeachers(m: EntityManager, ids: string[]): Promise<void> {
  const users = await usersByIds(m, ids);
  if (users.length !== ids.length) throw notFound(T.teacherNotFound);
  const wrong = users.find((u) => u.role !== Role.Teacher);
  if (wrong) throw validation(T.notATeacher(`${wrong.firstName} ${wrong.lastName}`), 'teacherIds');
}
