/**
 * Local-time date arithmetic for the calendar (DESIGN.md rule 6: due dates are stored in UTC and shown in the
 * user's time zone). Weeks start on Monday, as school timetables do.
 */

export type CalendarView = 'month' | 'week';

export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/** Days are added on the calendar, not as 24 hours, so a daylight-saving change keeps local midnight. */
export function addDays(d: Date, days: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
}

export function startOfWeek(d: Date): Date {
  const day = startOfDay(d);
  return addDays(day, -((day.getDay() + 6) % 7));
}

export function startOfMonth(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), 1);
}

/** The local day a date falls on, as a key: 2026-11-24. */
export function dayKey(d: Date): string {
  const m = String(d.getMonth() + 1).padStart(2, '0');
  const day = String(d.getDate()).padStart(2, '0');
  return `${d.getFullYear()}-${m}-${day}`;
}

/** The days a view shows: a week, or the whole weeks (Monday to Sunday) that hold the month. */
export function daysOf(view: CalendarView, anchor: Date): Date[] {
  if (view === 'week') {
    const first = startOfWeek(anchor);
    return Array.from({ length: 7 }, (_, i) => addDays(first, i));
  }
  const first = startOfWeek(startOfMonth(anchor));
  const nextMonth = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 1);
  const days: Date[] = [];
  for (let d = first; d < nextMonth || days.length % 7 !== 0; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The anchor one step back or forward: a month, or a week. */
export function step(view: CalendarView, anchor: Date, by: 1 | -1): Date {
  return view === 'week' ? addDays(startOfWeek(anchor), 7 * by) : new Date(anchor.getFullYear(), anchor.getMonth() + by, 1);
}

/** 'November 2026', or for a week '23 – 29 Nov 2026'. */
export function viewTitle(view: CalendarView, anchor: Date): string {
  if (view === 'month') return anchor.toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
  const first = startOfWeek(anchor);
  const last = addDays(first, 6);
  const from = first.toLocaleDateString(undefined, { day: 'numeric', month: first.getMonth() === last.getMonth() ? undefined : 'short' });
  return `${from} – ${last.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}`;
}

export const timeOf = (iso: string): string => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export const longDay = (d: Date): string => d.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' });

/** Monday first: the weekday names for the month grid's header. */
export const WEEKDAYS = Array.from({ length: 7 }, (_, i) =>
  addDays(new Date(2024, 0, 1), i).toLocaleDateString(undefined, { weekday: 'short' }),
);
