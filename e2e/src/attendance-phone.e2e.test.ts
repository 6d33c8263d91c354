/**
 * Attendance from a phone (issue 25 point 5): a teacher marks 40 students at 375 px with 'All present' and
 * one change; the counts follow each tap, the save button and its confirmation are on screen without
 * scrolling back. The class, its Mathematics allocation for teacher@ and its 40 students are made for the
 * run in SQL and removed afterwards, so the demo school's classes are left as they are.
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO, login } from './support/auth';
import { withDb } from './support/db';
import { assert, eventually, exactLabel, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { chooseOption } from './support/forms';
import { stamp } from './support/school';

const STUDENTS = 40;

interface Made {
  classId: string;
  allocationId: string;
  className: string;
  year: string;
}
let made: Made | null = null;

/** A class in Class 5A's year with teacher@ teaching it Mathematics and 40 students placed in it. */
async function classOfForty(): Promise<Made> {
  return withDb(async (db) => {
    const tag = stamp();
    const [ref] = (
      await db.query(
        `SELECT c.academic_year_id AS year_id, y.year FROM classes c JOIN academic_years y ON y.id = c.academic_year_id WHERE c.name = 'Class 5A' LIMIT 1`,
      )
    ).rows;
    const [cls] = (
      await db.query(`INSERT INTO classes (name, grade, academic_year_id) VALUES ($1, '5', $2) RETURNING id, name`, [
        `Class P${tag}`,
        ref.year_id,
      ])
    ).rows;
    const [alloc] = (
      await db.query(
        `INSERT INTO allocations (class_id, subject_id, academic_year_id) SELECT $1, s.id, $2 FROM subjects s WHERE s.name = 'Mathematics' RETURNING id`,
        [cls.id, ref.year_id],
      )
    ).rows;
    await db.query(`INSERT INTO allocation_teachers (allocation_id, teacher_id) SELECT $1, id FROM users WHERE email = $2`, [
      alloc.id,
      DEMO.teacher.email,
    ]);
    for (let i = 1; i <= STUDENTS; i++) {
      await db.query(
        `INSERT INTO users (first_name, last_name, email, role, activated, class_id, academic_year_id) VALUES ($1, $2, $3, 'Student', true, $4, $5)`,
        [`Kid${String(i).padStart(2, '0')}`, `P${tag}`, `kid${i}.p${tag.toLowerCase()}@e2e.school`, cls.id, ref.year_id],
      );
    }
    return { classId: cls.id, allocationId: alloc.id, className: cls.name, year: ref.year };
  });
}

afterAll(async () => {
  const m = made;
  if (!m) return;
  await withDb(async (db) => {
    await db.query('DELETE FROM attendance_records WHERE class_id = $1', [m.classId]);
    await db.query('DELETE FROM users WHERE class_id = $1', [m.classId]);
    await db.query('DELETE FROM allocations WHERE id = $1', [m.allocationId]);
    await db.query('DELETE FROM classes WHERE id = $1', [m.classId]);
  });
});

/** The element is on screen now, uncovered: the test never scrolls to it. */
async function onScreen(page: Page, what: string, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const view = page.viewportSize()!;
  assert(box && box.y >= 56 && box.y + box.height <= view.height, `${what} is on screen (${JSON.stringify(box)})`);
}

describe('attendance on a phone', () => {
  e2e(
    '40 students marked from a phone with All present and one change',
    async ({ page, a11y }) => {
      made = await classOfForty();
      await login(page, DEMO.teacher.email);
      await page.goto('/dashboard/attendance');
      await chooseOption(page.getByLabel(exactLabel('Class and Subject')), `${made.className} - Mathematics (${made.year})`);
      // a Saturday the school has not marked
      const saturday = await page.evaluate(() => {
        const now = new Date();
        const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 1) % 7 || 7));
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      await page.getByLabel(exactLabel('Date')).fill(saturday);
      const rows = page.getByRole('list', { name: 'Students to mark' }).getByRole('radiogroup');
      await eventually(
        () => rows.count(),
        (n) => n === STUDENTS,
        `${STUDENTS} students listed`,
      );
      const counts = page.getByTestId('attendance-counts');
      const bar = page.getByRole('region', { name: 'Save attendance' });

      // the sheet is short enough to work with: notes open on demand
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      assert(height < STUDENTS * 130, `the page is ${height} px long for ${STUDENTS} students`);

      // two students marked otherwise, then All present puts everyone back
      await rows.nth(3).getByRole('radio', { name: 'Absent' }).tap();
      await rows.nth(7).getByRole('radio', { name: 'Late' }).tap();
      await expectVisible(counts.getByText(`Present ${STUDENTS - 2} · Absent 1 · Late 1`, { exact: true }), 'live counts');
      await onScreen(page, 'the save bar', bar);
      await bar.getByRole('button', { name: 'All present' }).tap();
      await expectVisible(counts.getByText(`Present ${STUDENTS} · Absent 0 · Late 0`, { exact: true }), 'everyone present');

      // one change: the last student is absent
      await rows
        .nth(STUDENTS - 1)
        .getByRole('radio', { name: 'Absent' })
        .tap();
      await expectVisible(counts.getByText(`Present ${STUDENTS - 1} · Absent 1 · Late 0`, { exact: true }), 'one absent');
      await onScreen(page, 'Mark Attendance', bar.getByRole('button', { name: 'Mark Attendance' }));
      await a11y('attendance sheet on a phone');
      await bar.getByRole('button', { name: 'Mark Attendance' }).tap();
      const confirmation = bar.getByText('Attendance marked successfully!', { exact: true });
      await expectVisible(confirmation, 'the confirmation in the save bar');
      await onScreen(page, 'the confirmation', confirmation);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert(overflow <= 0, `no sideways scrolling at 375 px, ${overflow} px too wide`);

      const saved = await withDb((db) =>
        db.query(
          `SELECT status, count(*)::int AS n FROM attendance_records WHERE class_id = $1 AND date = $2 GROUP BY status ORDER BY status`,
          [made!.classId, saturday],
        ),
      );
      assert(
        JSON.stringify(saved.rows) ===
          JSON.stringify([
            { status: 'Absent', n: 1 },
            { status: 'Present', n: STUDENTS - 1 },
          ]),
        `saved: ${JSON.stringify(saved.rows)}`,
      );
    },
    { viewport: { width: 375, height: 740 }, touch: true, timeout: 120_000 },
  );
});
