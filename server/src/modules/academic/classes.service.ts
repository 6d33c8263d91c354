import { DataSource, EntityManager } from 'typeorm';
import { conflict, notFound } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { Actor, authorize } from '../../policies';
import { AcademicYear } from './academic-year.entity';
import { SchoolClass } from './class.entity';
import { updateVersioned } from '../../db/versioned';
import { ACADEMIC_TEXT as T } from './academic.validation';
import { Page, PageWindow, pageOfQuery } from '../../core/paging';
import {
  flag,
  freeText,
  isStillReferenced,
  optionalRefId,
  optionalRequiredText,
  refId,
  requiredText,
  rethrowUnique,
  versionOf,
} from '../../core/input';

export interface ClassInput {
  name?: unknown;
  grade?: unknown;
  academicYearId?: unknown;
  description?: unknown;
  isActive?: unknown;
  version?: unknown;
}

export interface ClassFilter {
  academicYearId?: string | null;
}

const UNIQUE = (name: string) => ({ classes_year_name_key: T.classTaken(name) });

/** Classes: read by everyone signed in, changed by SuperAdmin and Admin; each belongs to one year. */
export class ClassesService {
  constructor(private readonly ds: DataSource) {}

  /** One statement: the year comes by a join (REST shows academicYear {_id, year}). */
  private query(m: EntityManager = this.ds.manager) {
    return m
      .getRepository(SchoolClass)
      .createQueryBuilder('c')
      .innerJoinAndSelect('c.academicYear', 'y')
      .orderBy('y.year', 'DESC')
      .addOrderBy('c.name', 'ASC')
      .addOrderBy('c.id', 'ASC');
  }

  private filtered(actor: Actor, filter: ClassFilter) {
    authorize(actor, 'academic.read');
    const qb = this.query();
    if (filter.academicYearId) {
      // a malformed id is answered like an unknown year
      assertId(filter.academicYearId, T.yearNotFound);
      qb.andWhere('c.academic_year_id = :yearId', { yearId: filter.academicYearId });
    }
    return qb;
  }

  async list(actor: Actor, filter: ClassFilter = {}): Promise<SchoolClass[]> {
    return this.filtered(actor, filter).getMany();
  }

  /** One window of the list; two statements whatever the size (the year is a to-one join). */
  async page(actor: Actor, filter: ClassFilter, window: PageWindow): Promise<Page<SchoolClass>> {
    return pageOfQuery(this.filtered(actor, filter), window);
  }

  /** GET /classes/academic-year/{yearId}: the year must exist. */
  async ofYear(actor: Actor, yearId: string): Promise<ClassFilter> {
    assertId(yearId, T.yearNotFound);
    authorize(actor, 'academic.read', undefined, { as: 'notFound', message: T.yearNotFound });
    if (!(await this.ds.getRepository(AcademicYear).existsBy({ id: yearId }))) throw notFound(T.yearNotFound);
    return { academicYearId: yearId };
  }

  async get(actor: Actor, id: string, m: EntityManager = this.ds.manager): Promise<SchoolClass> {
    assertId(id, T.classNotFound);
    authorize(actor, 'academic.read', undefined, { as: 'notFound', message: T.classNotFound });
    const found = await this.query(m).where('c.id = :id', { id }).getOne();
    if (!found) throw notFound(T.classNotFound);
    return found;
  }

  /** platform.md section 5: academicYear, name and grade required. */
  async create(actor: Actor, input: ClassInput): Promise<SchoolClass> {
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    const academicYearId = refId(input.academicYearId, T.academicYearRequired, T.yearNotFound, 'academicYearId');
    const name = requiredText(input.name, T.classNameRequired, 'Class name', 100, undefined, 'name');
    const grade = requiredText(input.grade, T.gradeRequired, 'Grade', 50, undefined, 'grade');
    const description = freeText(input.description, 'Description', 2000, undefined, 'description') ?? '';
    const isActive = flag(input.isActive, 'isActive', 'isActive') ?? true;
    return this.ds.transaction(async (m) => {
      if (!(await m.getRepository(AcademicYear).existsBy({ id: academicYearId }))) throw notFound(T.yearNotFound);
      try {
        const { identifiers } = await m.getRepository(SchoolClass).insert({ name, grade, academicYearId, description, isActive });
        return this.get(actor, identifiers[0].id as string, m);
      } catch (err) {
        rethrowUnique(err, UNIQUE(name));
      }
    });
  }

  /** Moving a class to another year is refused while students or allocations tie it to its year. */
  async update(actor: Actor, id: string, input: ClassInput): Promise<SchoolClass> {
    assertId(id, T.classNotFound);
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    const academicYearId = optionalRefId(input.academicYearId, T.academicYearRequired, T.yearNotFound, 'academicYearId');
    const name = optionalRequiredText(input.name, T.classNameRequired, 'Class name', 100, undefined, 'name');
    const grade = optionalRequiredText(input.grade, T.gradeRequired, 'Grade', 50, undefined, 'grade');
    const description = freeText(input.description, 'Description', 2000, undefined, 'description');
    const isActive = flag(input.isActive, 'isActive', 'isActive');
    const version = versionOf(input.version);
    return this.ds.transaction(async (m) => {
      const current = await m.getRepository(SchoolClass).findOneBy({ id });
      if (!current) throw notFound(T.classNotFound);
      const set: Partial<SchoolClass> = {};
      if (name !== undefined) set.name = name;
      if (grade !== undefined) set.grade = grade;
      if (description !== undefined) set.description = description;
      if (isActive !== undefined) set.isActive = isActive;
      if (academicYearId !== undefined && academicYearId !== current.academicYearId) {
        if (!(await m.getRepository(AcademicYear).existsBy({ id: academicYearId }))) throw notFound(T.yearNotFound);
        const deps = await dependentsOf(m, id);
        if (deps.students + deps.allocations > 0) throw conflict(T.classCannotMove(current.name));
        set.academicYearId = academicYearId;
      }
      try {
        await updateVersioned(m, SchoolClass, id, set, version, { what: 'class', notFound: T.classNotFound });
      } catch (err) {
        // the composite keys refuse the move if a dependent appeared after our count
        if (isStillReferenced(err)) throw conflict(T.classCannotMove(current.name));
        rethrowUnique(err, UNIQUE(name ?? current.name));
      }
      return this.get(actor, id, m);
    });
  }

  /** Refused while students are placed in it, it has allocations, or a later domain's rows use it. */
  async delete(actor: Actor, id: string): Promise<void> {
    assertId(id, T.classNotFound);
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    await this.ds.transaction(async (m) => {
      const found = await m.getRepository(SchoolClass).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw notFound(T.classNotFound);
      const deps = await dependentsOf(m, id);
      if (deps.students + deps.allocations > 0) throw conflict(T.classInUse(found.name, deps.students, deps.allocations));
      try {
        await m.getRepository(SchoolClass).delete({ id });
      } catch (err) {
        if (isStillReferenced(err)) throw conflict(T.stillUsed(found.name));
        throw err;
      }
    });
  }
}

async function dependentsOf(m: EntityManager, classId: string): Promise<{ students: number; allocations: number }> {
  const [row] = await m.query(
    `SELECT (SELECT count(*) FROM users WHERE class_id = $1)::int AS students,
            (SELECT count(*) FROM allocations WHERE class_id = $1)::int AS allocations`,
    [classId],
  );
  return row;
}
