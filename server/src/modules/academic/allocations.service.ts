import { DataSource, EntityManager, In } from 'typeorm';
import { conflict, notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { Actor, authorize } from '../../policies';
import { User } from '../users';
import { Role } from '../../core/role';
import { AcademicYear } from './academic-year.entity';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';
import { Allocation } from './allocation.entity';
import { allocationReadableSql } from '../../policies/sql';
import { updateVersioned } from '../../db/versioned';
import { ACADEMIC_TEXT as T } from './academic.validation';
import { Page, PageWindow, pageOfQuery } from '../../core/paging';
import { isStillReferenced, optionalRefId, refId, rethrowUnique, versionOf } from '../../core/input';

export interface AllocationInput {
  academicYearId?: unknown;
  classId?: unknown;
  subjectId?: unknown;
  teacherIds?: unknown;
  version?: unknown;
}

export interface AllocationFilter {
  classId?: string | null;
  academicYearId?: string | null;
  teacherId?: string | null;
}

const UNIQUE = { allocations_class_subject_year_key: T.allocationTaken };

/**
 * Allocations (which teachers teach a subject to a class in a year; REST: /teacher-assignments): changed by
 * SuperAdmin and Admin; read by them, and by a teacher for the allocations they are a teacher of (lists are
 * filtered in SQL). User-visible texts keep the spec's words ("teacher assignment").
 */
export class AllocationsService {
  constructor(private readonly ds: DataSource) {}

  /** One statement whatever the size: class, subject, year and (unless `teachers` is false) teachers come by joins. */
  private query(m: EntityManager = this.ds.manager, teachers = true) {
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

  private filtered(actor: Actor, filter: AllocationFilter, teachers: boolean) {
    if (filter.teacherId) {
      authorize(actor, 'allocation.listOfTeacher', { teacherId: filter.teacherId }, { message: T.ownAllocationsOnly });
      assertId(filter.teacherId, T.userNotFound);
    }
    if (filter.classId) assertId(filter.classId, T.classNotFound);
    if (filter.academicYearId) assertId(filter.academicYearId, T.yearNotFound);
    // 'allocation.read' in SQL: every list shows exactly the allocations GET /teacher-assignments/{id} would
    const qb = this.query(undefined, teachers).where(allocationReadableSql(actor, 'a.id', ':viewer'), { viewer: actor.userId });
    if (filter.teacherId) {
      qb.andWhere('EXISTS (SELECT 1 FROM allocation_teachers x WHERE x.allocation_id = a.id AND x.teacher_id = :teacherId)', {
        teacherId: filter.teacherId,
      });
    }
    if (filter.classId) qb.andWhere('a.class_id = :classId', { classId: filter.classId });
    if (filter.academicYearId) qb.andWhere('a.academic_year_id = :yearId', { yearId: filter.academicYearId });
    return qb;
  }

  async list(actor: Actor, filter: AllocationFilter = {}): Promise<Allocation[]> {
    return this.filtered(actor, filter, true).getMany();
  }

  /** One window of the list with its teachers; two statements whatever the size. */
  async page(actor: Actor, filter: AllocationFilter, window: PageWindow): Promise<Page<Allocation>> {
    return pageOfQuery(this.filtered(actor, filter, false), window, this.filtered(actor, filter, true));
  }

  /** A teacher who is not one of its teachers is told it does not exist. */
  async get(actor: Actor, id: string, m: EntityManager = this.ds.manager): Promise<Allocation> {
    assertId(id, T.allocationNotFound);
    const found = await this.query(m).where('a.id = :id', { id }).getOne();
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
        const { identifiers } = await m.getRepository(Allocation).insert({ academicYearId, classId, subjectId });
        id = identifiers[0].id as string;
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
      const current = await m.getRepository(Allocation).findOneBy({ id });
      if (!current) throw notFound(T.allocationNotFound);
      const next = {
        academicYearId: academicYearId ?? current.academicYearId,
        classId: classId ?? current.classId,
        subjectId: subjectId ?? current.subjectId,
      };
      await checkAgreement(m, next.academicYearId, next.classId, next.subjectId);
      if (teacherIds) await checkTeachers(m, teacherIds);
      try {
        await updateVersioned(m, Allocation, id, next, version, { what: 'teacher assignment', notFound: T.allocationNotFound });
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
      const found = await m.getRepository(Allocation).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw notFound(T.allocationNotFound);
      try {
        await m.getRepository(Allocation).delete({ id });
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
  if (!(await m.getRepository(AcademicYear).existsBy({ id: academicYearId }))) throw notFound(T.yearNotFound);
  const cls = await m.getRepository(SchoolClass).findOneBy({ id: classId });
  if (!cls) throw notFound(T.classNotFound);
  if (cls.academicYearId !== academicYearId) throw validation(T.classYearMismatch, 'classId');
  if (!(await m.getRepository(Subject).existsBy({ id: subjectId }))) throw notFound(T.subjectNotFound);
}

/** Only users whose stored role is Teacher (the database refuses anyone else too). */
async function checkTeachers(m: EntityManager, ids: string[]): Promise<void> {
  const users = await m.getRepository(User).findBy({ id: In(ids) });
  if (users.length !== ids.length) throw notFound(T.teacherNotFound);
  const wrong = users.find((u) => u.role !== Role.Teacher);
  if (wrong) throw validation(T.notATeacher(`${wrong.firstName} ${wrong.lastName}`), 'teacherIds');
}

async function setTeachers(m: EntityManager, allocationId: string, teacherIds: string[]): Promise<void> {
  await m.query('DELETE FROM allocation_teachers WHERE allocation_id = $1', [allocationId]);
  await m.query('INSERT INTO allocation_teachers (allocation_id, teacher_id) SELECT $1, unnest($2::uuid[])', [allocationId, teacherIds]);
}
