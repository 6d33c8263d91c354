import { describe, expect, it } from 'vitest';
import { addDays, dayKey, daysOf, startOfWeek, step } from './calendarDates';

describe('calendar dates', () => {
  it('starts weeks on Monday', () => {
    expect(dayKey(startOfWeek(new Date(2026, 10, 29)))).toBe('2026-11-23'); // a Sunday
    expect(dayKey(startOfWeek(new Date(2026, 10, 23)))).toBe('2026-11-23'); // a Monday
  });

  it('shows whole weeks that hold the month', () => {
    const days = daysOf('month', new Date(2026, 10, 15));
    expect(days.length % 7).toBe(0);
    expect(dayKey(days[0])).toBe('2026-10-26');
    expect(dayKey(days[days.length - 1])).toBe('2026-12-06');
    expect(daysOf('week', new Date(2026, 10, 27)).map(dayKey)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });

  it('adds calendar days, keeping local midnight across month ends', () => {
    expect(dayKey(addDays(new Date(2026, 0, 31), 1))).toBe('2026-02-01');
    expect(addDays(new Date(2026, 2, 28), 3).getHours()).toBe(0);
  });

  it('steps a month or a week', () => {
    expect(dayKey(step('month', new Date(2026, 0, 31), 1))).toBe('2026-02-01');
    expect(dayKey(step('week', new Date(2026, 10, 27), -1))).toBe('2026-11-16');
  });
});
