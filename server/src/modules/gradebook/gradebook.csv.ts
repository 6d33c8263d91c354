import type { ExternalGradebookColumn } from './gradebook.external';
import { GradeStatus, Gradebook } from './gradebook.types';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or outer spaces, quotes
 * doubled. Text that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return: a student may name themselves "=HYPERLINK(...)") gets a leading apostrophe, so it stays text.
 * Numbers we produce ourselves are written as they are.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: Array<string | number | null>) => fields.map(csvField).join(',');

/**
 * The gradebook as CSV: a row per student with their name, email, a column per assessment (the score once
 * graded, else the status in words), then a column per external column an application keeps (OneRoster: its
 * score, else its status in words, Excused for exempt; empty without a result; in no average), and their course
 * average. Lines end with CRLF, as RFC 4180 says.
 */
export function gradebookCsv(g: Gradebook, external: readonly ExternalGradebookColumn[] = []): string {
  const head = [
    'Last name',
    'First name',
    'Email',
    ...g.columns.map((c) => `${c.title} (${c.totalPoints} pts)`),
    ...external.map((c) => `${c.title} (${c.maxScore} pts) [external]`),
    'Points earned',
    'Points possible',
    'Average %',
  ];
  const results = external.map((c) => new Map(c.cells.map((x) => [x.studentId, x])));
  const lines = g.rows.map((r) =>
    csvLine([
      r.student.lastName,
      r.student.firstName,
      r.student.email,
      ...r.cells.map((c) =>
        c.score !== null && (c.status === GradeStatus.Graded || c.status === GradeStatus.Unreleased) ? c.score : c.statusLabel,
      ),
      ...results.map((byStudent) => {
        const x = byStudent.get(r.student.id);
        return !x ? null : x.score !== null ? x.score : x.statusLabel;
      }),
      r.pointsEarned,
      r.pointsPossible,
      r.average,
    ]),
  );
  return [csvLine(head), ...lines].join('\r\n') + '\r\n';
}

/** A file name for the download: the course title reduced to safe characters. */
export const gradebookFileName = (g: Gradebook) =>
  `gradebook-${g.courseTitle.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'course'}.csv`;
