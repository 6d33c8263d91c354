import { DataSource, EntityManager } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { optionalRequiredText, requiredText } from '../../core/input';
import { Actor, authorize } from '../../policies';
import { AcademicPeriod, PERIOD_TYPES, type PeriodType } from './academic-period.entity';
import { ACADEMIC_TEXT as T } from './academic.validation';
import {
  deletePeriod,
  hasYear,
  insertPeriod,
  lockYearDates,
  periodById,
  periodByIdOrFail,
  periodsOfTerm,
  periodsOfYear,
  periodsOfYearByStart,
  updatePeriod,
} from './academic.repository';

export interface PeriodInput {
  academicYearId?: unknown;
  type?: unknown;
  title?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  parentId?: unknown;
}

interface Span {
  startDate: string | null;
  endDate: string | null;
}

/** A calendar day as YYYY-MM-DD (a real one: 2026-02-30 is refused); such days compare as text in time order. */
export function dayOf(v: unknown, label: string, key: string): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!/^\d{4}-\d\d-\d\d$/.test(s) || Number.isNaN(Date.parse(s)) || new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) !== s) {
    throw validation(T.dateInvalid(label), key);
  }
  return s;
}

/**
 * The dates of an academic year as an input gives them: undefined when neither is given (unchanged), else both
 * days with the start before the end, or both null (none: OneRoster then reads them from the year's name).
 */
export function yearDatesOf(input: { startDate?: unknown; endDate?: unknown }): Span | undefined {
  const { startDate, endDate } = input;
  if (startDate === undefined && endDate === undefined) return undefined;
  if ((startDate === null || startDate === '') && (endDate === null || endDate === '')) return { startDate: null, endDate: null };
  if (startDate === undefined || endDate === undefined || startDate === null || endDate === null)
    throw validation(T.datesTogether, 'startDate');
  const span = { startDate: dayOf(startDate, 'Start date', 'startDate'), endDate: dayOf(endDate, 'End date', 'endDate') };
  if (span.startDate >= span.endDate) throw validation(T.startBeforeEnd, 'endDate');
  return span;
}

const inside = (inner: Span, outer: Span) =>
  outer.startDate !== null && outer.endDate !== null && inner.startDate! >= outer.startDate && inner.endDate! <= outer.endDate;

/** The year, locked: a change of its dates and a change of its periods take turns, so neither misses the other. */
async function lockedYear(m: EntityManager, yearId: string): Promise<Span & { id: string }> {
  const year = await lockYearDates(m, yearId);
  if (!year) throw notFound(T.yearNotFound);
  return year;
}

/**
 * YearsService.update's half of the rule "periods lie inside their year": the year's new dates must hold every
 * term and grading period it has, and a year with periods keeps dates. Runs in the caller's transaction.
 */
export async function checkYearHoldsPeriods(m: EntityManager, yearId: string, span: Span): Promise<void> {
  await lockedYear(m, yearId);
  const periods = await periodsOfYearByStart(m, yearId);
  if (!periods.length) return;
  if (span.startDate === null) throw validation(T.yearDatesStay, 'startDate');
  const out = periods.find((p) => !inside(p, span));
  if (out) throw validation(T.yearMustHoldPeriods(out.title), 'startDate');
}

/**
 * Terms and grading periods inside an academic year (OneRoster academicSessions): read by everyone signed in,
 * changed by SuperAdmin and Admin. A period runs from a day before its last, inside its year's dates (which must
 * be set first); a grading period may lie in a term of the same year, inside the term's dates; a term's new
 * dates must still hold its grading periods.
 */
export class PeriodsService {
  constructor(private readonly ds: DataSource) {}

  /** A year's terms and grading periods, by start date (as AcademicYear.periods). */
  async listOfYear(actor: Actor, yearId: string): Promise<AcademicPeriod[]> {
    assertId(yearId, T.yearNotFound);
    authorize(actor, 'academic.read', undefined, { as: 'notFound', message: T.yearNotFound });
    if (!(await hasYear(this.ds, yearId))) throw notFound(T.yearNotFound);
    return periodsOfYear(this.ds, yearId);
  }

  async create(actor: Actor, input: PeriodInput): Promise<AcademicPeriod> {
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    const yearId = assertId(input.academicYearId, T.yearNotFound);
    if (!PERIOD_TYPES.includes(input.type as PeriodType)) throw validation(T.periodTypeInvalid, 'type');
    const type = input.type as PeriodType;
    const title = requiredText(input.title, T.periodTitleRequired, 'Title', 200, undefined, 'title');
    const span = periodSpan(input.startDate, input.endDate);
    const parentId = type === 'gradingPeriod' && input.parentId ? assertId(input.parentId, T.periodNotFound) : null;
    return this.ds.transaction(async (m) => {
      await checkPlace(m, yearId, { title, ...span }, parentId);
      return insertPeriod(m, { academicYearId: yearId, type, title, ...span, parentId });
    });
  }

  /** Title, dates and (a grading period's) term; fields not given stay as they are; a null term takes it out of its term. */
  async update(actor: Actor, id: string, input: PeriodInput): Promise<AcademicPeriod> {
    assertId(id, T.periodNotFound);
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    const title = optionalRequiredText(input.title, T.periodTitleRequired, 'Title', 200, undefined, 'title');
    return this.ds.transaction(async (m) => {
      const found = await periodById(m, id);
      if (!found) throw notFound(T.periodNotFound);
      const next = {
        title: title ?? found.title,
        ...periodSpan(input.startDate ?? found.startDate, input.endDate ?? found.endDate),
      };
      const parentId =
        found.type !== 'gradingPeriod'
          ? null
          : input.parentId === undefined
            ? found.parentId
            : input.parentId
              ? assertId(input.parentId, T.periodNotFound)
              : null;
      await checkPlace(m, found.academicYearId, next, parentId);
      if (found.type === 'term') {
        const out = (await periodsOfTerm(m, id)).find((g) => !inside(g, next));
        if (out) throw validation(T.termMustHoldPeriods(out.title), 'startDate');
      }
      await updatePeriod(m, id, { ...next, parentId });
      return periodByIdOrFail(m, id);
    });
  }

  /** A term goes with its grading periods; external line items that named a period keep their scores, without it. */
  async delete(actor: Actor, id: string): Promise<void> {
    assertId(id, T.periodNotFound);
    authorize(actor, 'academic.manage', undefined, { message: T.cannotManage });
    if (!(await deletePeriod(this.ds, id))) throw notFound(T.periodNotFound);
  }
}

function periodSpan(start: unknown, end: unknown): { startDate: string; endDate: string } {
  const span = { startDate: dayOf(start, 'Start date', 'startDate'), endDate: dayOf(end, 'End date', 'endDate') };
  if (span.startDate >= span.endDate) throw validation(T.startBeforeEnd, 'endDate');
  return span;
}

/** Inside the (locked) year's dates, and inside its term when a grading period names one of the same year. */
async function checkPlace(m: EntityManager, yearId: string, p: Span & { title: string }, parentId: string | null): Promise<void> {
  const year = await lockedYear(m, yearId);
  if (year.startDate === null || year.endDate === null) throw validation(T.yearDatesFirst, 'startDate');
  if (!inside(p, year)) throw validation(T.periodOutsideYear(p.title), 'startDate');
  if (!parentId) return;
  const term = await periodById(m, parentId);
  if (!term || term.type !== 'term' || term.academicYearId !== yearId) throw validation(T.parentNotTerm, 'parentId');
  if (!inside(p, term)) throw validation(T.periodOutsideTerm(p.title, term.title), 'startDate');
}
