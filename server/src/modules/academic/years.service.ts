import { DataSource } from 'typeorm';
import { conflict, notFound } from '../../errors/domain-error';
import { assertId } from '../../app/ids';
import { Actor, authorize } from '../../policies';
import { AcademicYear } from './academic-year.entity';
import { SchoolClass } from './class.entity';
import { updateVersioned } from '../../db/versioned';
import { ACADEMIC_TEXT as T } from './academic.validation';
import { flag, isStillReferenced, optionalRequiredText, requiredText, rethrowUnique, versionOf } from '../../app/input';

export interface YearInput {
  year?: unknown;
  isActive?: unknown;
  version?: unknown;
}

const UNIQUE = (year: string) => ({ academic_years_year_key: T.yearTaken(year) });

/** Academic years: read by everyone signed in, changed by SuperAdmin and Admin. */
export class YearsService {
  constructor(private readonly ds: DataSource) {}

  /** Newest first, so the course-management tree opens on the current year. */
  async list(actor: Actor): Promise<AcademicYear[]> {
    authorize(actor, 'academic.read');
    return this.ds.getRepository(AcademicYear).find({ order: { year: 'DESC', id: 'ASC' } });
  }

  async get(actor: Actor, id: string): Promise<AcademicYear> {
    assertId(id, T.yearNotFound);
    authorize(actor, 'academic.read', undefined, { as: 'notFound', message: T.yearNotFound });
    const year = await this.ds.getRepository(AcademicYear).findOneBy({ id });
    if (!year) throw notFound(T.yearNotFound);
    return year;
  }

  async create(actor: Actor, input: YearInput): Promise<AcademicYear> {
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    const year = requiredText(input.year, T.yearRequired, 'Year', 50);
    const isActive = flag(input.isActive, 'isActive') ?? true;
    try {
      const repo = this.ds.getRepository(AcademicYear);
      return await repo.save(repo.create({ year, isActive }));
    } catch (err) {
      rethrowUnique(err, UNIQUE(year));
    }
  }

  /** A conditional update: with a version, a concurrent change is answered with CONFLICT. */
  async update(actor: Actor, id: string, input: YearInput): Promise<AcademicYear> {
    assertId(id, T.yearNotFound);
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    const year = optionalRequiredText(input.year, T.yearRequired, 'Year', 50);
    const isActive = flag(input.isActive, 'isActive');
    const version = versionOf(input.version);
    const set: Partial<AcademicYear> = {};
    if (year !== undefined) set.year = year;
    if (isActive !== undefined) set.isActive = isActive;
    try {
      return await updateVersioned(this.ds.manager, AcademicYear, id, set, version, { what: 'academic year', notFound: T.yearNotFound });
    } catch (err) {
      rethrowUnique(err, UNIQUE(year ?? ''));
    }
  }

  /** Refused while classes (and so allocations and placed students) or later domains' rows use the year. */
  async delete(actor: Actor, id: string): Promise<void> {
    assertId(id, T.yearNotFound);
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    await this.ds.transaction(async (m) => {
      const year = await m.getRepository(AcademicYear).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!year) throw notFound(T.yearNotFound);
      const classes = await m.getRepository(SchoolClass).countBy({ academicYearId: id });
      if (classes > 0) throw conflict(T.yearInUse(year.year, classes));
      try {
        await m.getRepository(AcademicYear).delete({ id });
      } catch (err) {
        if (isStillReferenced(err)) throw conflict(T.stillUsed(`academic year ${year.year}`));
        throw err;
      }
    });
  }
}
