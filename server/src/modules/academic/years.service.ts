import { DataSource } from 'typeorm';
import { conflict, notFound } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { Actor, authorize } from '../../policies';
import { AcademicYear } from './academic-year.entity';
import type { TreeYear } from './academic.tree';
import { ACADEMIC_TEXT as T } from './academic.validation';
import { checkYearHoldsPeriods, yearDatesOf } from './periods.service';
import { flag, isStillReferenced, optionalRequiredText, requiredText, rethrowUnique, versionOf } from '../../core/input';
import {
  academicTree,
  activateYear,
  allYears,
  countClassesOfYear,
  deactivateOtherYears,
  deleteYear,
  insertYear,
  lockYear,
  updateYear,
  yearById,
  yearByIdOrFail,
} from './academic.repository';

export interface YearInput {
  year?: unknown;
  isActive?: unknown;
  version?: unknown;
  startDate?: unknown;
  endDate?: unknown;
}

const UNIQUE = (year: string) => ({ academic_years_year_key: T.yearTaken(year) });

/** Academic years: read by everyone signed in, changed by SuperAdmin and Admin. */
export class YearsService {
  constructor(private readonly ds: DataSource) {}

  /** Newest first, so the course-management tree opens on the current year. */
  async list(actor: Actor): Promise<AcademicYear[]> {
    authorize(actor, 'academic.read');
    return allYears(this.ds);
  }

  /**
   * academicTree: one year (`id`) or all, each with its classes and the allocations the reader may see, in one
   * statement (academic.tree.ts), `lean` when the operation asks no more than TREE_LEAN's fields; NOT_FOUND for
   * a year that is not there.
   */
  async tree(actor: Actor, id: string | null, lean = false): Promise<TreeYear[]> {
    if (id !== null) assertId(id, T.yearNotFound);
    authorize(actor, 'academic.read', undefined, id === null ? undefined : { as: 'notFound', message: T.yearNotFound });
    const years = await academicTree(this.ds, actor, id, lean);
    if (id !== null && !years.length) throw notFound(T.yearNotFound);
    return years;
  }

  async get(actor: Actor, id: string): Promise<AcademicYear> {
    assertId(id, T.yearNotFound);
    authorize(actor, 'academic.read', undefined, { as: 'notFound', message: T.yearNotFound });
    const year = await yearById(this.ds, id);
    if (!year) throw notFound(T.yearNotFound);
    return year;
  }

  async create(actor: Actor, input: YearInput): Promise<AcademicYear> {
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    const year = requiredText(input.year, T.yearRequired, 'Year', 50, undefined, 'year');
    const isActive = flag(input.isActive, 'isActive', 'isActive') ?? true;
    const dates = yearDatesOf(input);
    try {
      return await this.ds.transaction(async (m) => {
        const created = await insertYear(m, { year, isActive: false, ...dates });
        // at most one year is active (academic_years_one_active): the others give way, one activation at a time
        if (isActive) await activateYear(m, created.id);
        return yearByIdOrFail(m, created.id);
      });
    } catch (err) {
      rethrowUnique(err, UNIQUE(year));
    }
  }

  /** A conditional update: with a version, a concurrent change is answered with CONFLICT. */
  async update(actor: Actor, id: string, input: YearInput): Promise<AcademicYear> {
    assertId(id, T.yearNotFound);
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    const year = optionalRequiredText(input.year, T.yearRequired, 'Year', 50, undefined, 'year');
    const isActive = flag(input.isActive, 'isActive', 'isActive');
    const version = versionOf(input.version);
    const set: Partial<AcademicYear> = {};
    if (year !== undefined) set.year = year;
    if (isActive !== undefined) set.isActive = isActive;
    const dates = yearDatesOf(input);
    if (dates) Object.assign(set, dates);
    try {
      return await this.ds.transaction(async (m) => {
        // its terms and grading periods stay inside the year's dates
        if (dates) await checkYearHoldsPeriods(m, id, dates);
        // the one active year changes hands in one transaction: never two, never a moment with the old one gone
        if (set.isActive) await deactivateOtherYears(m, id);
        return updateYear(m, id, set, version);
      });
    } catch (err) {
      rethrowUnique(err, UNIQUE(year ?? ''));
    }
  }

  /** Refused while classes (and so allocations and placed students) or later domains' rows use the year. */
  async delete(actor: Actor, id: string): Promise<void> {
    assertId(id, T.yearNotFound);
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    await this.ds.transaction(async (m) => {
      const year = await lockYear(m, id);
      if (!year) throw notFound(T.yearNotFound);
      const classes = await countClassesOfYear(m, id);
      if (classes > 0) throw conflict(T.yearInUse(year.year, classes));
      try {
        await deleteYear(m, id);
      } catch (err) {
        if (isStillReferenced(err)) throw conflict(T.stillUsed(`academic year ${year.year}`));
        throw err;
      }
    });
  }
}
