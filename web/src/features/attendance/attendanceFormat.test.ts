import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTENDANCE_STATUSES,
  ATTENDANCE_STATUS_LABEL,
  DEFAULT_STATUS,
  allocationLabel,
  classLabel,
  formatDay,
  localToday,
  personName,
} from './attendanceFormat';

// The user's own day, not UTC's: a zone west of UTC shows a date read in the wrong zone (a calendar date read as
// UTC midnight is the evening before there).
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  process.env.TZ = zone;
});

describe('attendance words (spec section 9)', () => {
  it('lists the statuses in the sheet’s order, Present first and by default', () => {
    expect(ATTENDANCE_STATUSES).toEqual(['PRESENT', 'ABSENT', 'LATE']);
    expect(ATTENDANCE_STATUSES.map((s) => ATTENDANCE_STATUS_LABEL[s])).toEqual(['Present', 'Absent', 'Late']);
    expect(DEFAULT_STATUS).toBe('PRESENT');
  });

  it('labels people, allocations and classes', () => {
    expect(personName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(personName(null)).toBe('-');
    expect(personName(undefined)).toBe('-');
    expect(allocationLabel({ class: { name: '7A' }, subject: { name: 'Maths' }, academicYear: { year: '2026-2027' } })).toBe(
      '7A - Maths (2026-2027)',
    );
    expect(classLabel({ name: '7A', grade: '7' })).toBe('7A (Grade 7)');
  });
});

describe('localToday', () => {
  it('is the date in the user’s time zone, padded, while UTC is already on the next day', () => {
    // 2026-03-05 07:30 UTC is 2026-03-04 23:30 in Los Angeles (UTC-8)
    expect(localToday(new Date('2026-03-05T07:30:00Z'))).toBe('2026-03-04');
    expect(localToday(new Date('2026-03-05T08:00:00Z'))).toBe('2026-03-05');
  });

  it('turns the year at local midnight, in summer time too', () => {
    expect(localToday(new Date('2027-01-01T07:59:00Z'))).toBe('2026-12-31');
    expect(localToday(new Date('2027-01-01T08:00:00Z'))).toBe('2027-01-01');
    // UTC-7 in July
    expect(localToday(new Date('2026-07-01T06:59:00Z'))).toBe('2026-06-30');
    expect(localToday(new Date('2026-07-01T07:00:00Z'))).toBe('2026-07-01');
  });
});

describe('formatDay', () => {
  it('shows a calendar date as that day, not the evening before (as UTC midnight would be here)', () => {
    const day = (iso: string) => formatDay(iso, { day: 'numeric' });
    expect(day('2026-01-01')).toBe('1');
    expect(day('2026-03-01')).toBe('1');
    expect(day('2026-12-31')).toBe('31');
    expect(formatDay('2026-01-01', { year: 'numeric' })).toBe('2026');
  });

  it('writes the year, a short month and the day by default', () => {
    const text = formatDay('2026-07-09');
    expect(text).toContain('2026');
    expect(text).toMatch(/\b9\b/);
    expect(text).not.toMatch(/\b8\b/);
  });
});
