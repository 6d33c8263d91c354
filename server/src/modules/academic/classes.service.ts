import { DataSource, EntityManager } from 'typeorm';
import { conflict, notFound } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { Actor, authorize } from '../../policies';
import { SchoolClass } from './class.entity';
import { ACADEMIC_TEXT as T } from './academic.validation';
import { Page, PageWindow } from '../../core/paging';
import {
  classById,
  classWithYear,
  classesOfYearOrAll,
  deleteClass,
  dependentsOfClass,
  insertClass,
  lockClass,
  pageOfClasses,
  updateClass,
  yearExists,
} from './academic.repository';
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

  /** The year the list is of (none: all years), once the reader may read it. */
  private checked(actor: Actor, filter: ClassFilter): string | null | undefined {
    authorize(actor, 'academic.read');
    // a malformed id is answered like an unknown year
    if (filter.academicYearId) assertId(filter.academicYearId, T.yearNotFound);
    return filter.academicYearId;
  }

  /** One statement: the year comes by a join (REST shows academicYear {_id, year}). */
  async list(actor: Actor, filter: ClassFilter = {}): Promise<SchoolClass[]> {
    return classesOfYearOrAll(this.ds, this.checked(actor, filter));
  }

  /** One window of the list; two statements whatever the size (the year is a to-one join). */
  async page(actor: Actor, filter: ClassFilter, window: PageWindow): Promise<Page<SchoolClass>> {
    return pageOfClasses(this.ds, this.checked(actor, filter), window);
  }

  /** GET /classes/academic-year/{yearId}: the year must exist. */
  async ofYear(actor: Actor, yearId: string): Promise<ClassFilter> {
    assertId(yearId, T.yearNotFound);
    authorize(actor, 'academic.read', undefined, { as: 'notFound', message: T.yearNotFound });
    if (!(await yearExists(this.ds, yearId))) throw notFound(T.yearNotFound);
    return { academicYearId: yearId };
  }

  async get(actor: Actor, id: string, m: EntityManager = this.ds.manager): Promise<SchoolClass> {
    assertId(id, T.classNotFound);
    authorize(actor, 'academic.read', undefined, { as: 'notFound', message: T.classNotFound });
    const found = await classWithYear(m, id);
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
      if (!(await yearExists(m, academicYearId))) throw notFound(T.yearNotFound);
      try {
        const id = await insertClass(m, { name, grade, academicYearId, description, isActive });
        return this.get(actor, id, m);
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
      const current = await classById(m, id);
      if (!current) throw notFound(T.classNotFound);
      const set: Partial<SchoolClass> = {};
      if (name !== undefined) set.name = name;
      if (grade !== undefined) set.grade = grade;
      if (description !== undefined) set.description = description;
      if (isActive !== undefined) set.isActive = isActive;
      if (academicYearId !== undefined && academicYearId !== current.academicYearId) {
        if (!(await yearExists(m, academicYearId))) throw notFound(T.yearNotFound);
        const deps = await dependentsOfClass(m, id);
        if (deps.students + deps.allocations > 0) throw conflict(T.classCannotMove(current.name));
        set.academicYearId = academicYearId;
      }
      try {
        await updateClass(m, id, set, version);
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
      const found = await lockClass(m, id);
      if (!found) throw notFound(T.classNotFound);
      const deps = await dependentsOfClass(m, id);
      if (deps.students + deps.allocations > 0) throw conflict(T.classInUse(found.name, deps.students, deps.allocations));
      try {
        await deleteClass(m, id);
      } catch (err) {
        if (isStillReferenced(err)) throw conflict(T.stillUsed(found.name));
        throw err;
      }
    });
  }
}
