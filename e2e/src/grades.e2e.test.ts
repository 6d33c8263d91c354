/**
 * Grades (issue 17): a student opens Grades and sees a graded item and the course average the server
 * computed; a teacher opens the gradebook from the course page and exports it as CSV.
 */
import type { Download } from 'playwright-core';
import { DEMO, login, storedToken } from './support/auth';
import { assert, expectPath, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { graphql } from './support/graphql';
import { sidebar } from './support/layout';

async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

const MY = `{ myGrades { courses { courseTitle average pointsEarned pointsPossible items { title status score maxScore } } } }`;
type Report = {
  myGrades: {
    courses: Array<{
      courseTitle: string;
      average: number | null;
      pointsEarned: number;
      pointsPossible: number;
      items: Array<{ title: string; status: string; score: number | null; maxScore: number }>;
    }>;
  };
};

describe('grades', () => {
  e2e('a student sees a graded item and the course average; a teacher opens the gradebook and exports CSV', async ({ page, a11y }) => {
    await login(page, DEMO.student.email);
    await sidebar(page).getByRole('link', { name: 'Grades', exact: true }).click();
    await expectPath(page, '/dashboard/grades');
    await expectVisible(page.getByRole('heading', { name: 'Grades', level: 1 }));

    // what the server says the student has in MATH-5A (the demo school grades an assignment and a quiz at once)
    const answer = await graphql<Report>(MY, {}, await storedToken(page));
    const math = answer.data!.myGrades.courses.find((c) => c.courseTitle === 'MATH-5A')!;
    const graded = math.items.find((i) => i.status === 'GRADED' && i.score !== null);
    assert(graded && math.average !== null, `the demo student should have graded work in MATH-5A: ${JSON.stringify(math)}`);

    const card = page.getByRole('region', { name: 'MATH-5A', exact: true });
    await expectVisible(card, 'the MATH-5A card');
    await expectVisible(card.getByTestId('course-average').getByText(`${math.average}%`, { exact: true }), 'the course average');
    await expectVisible(card.getByText(`${math.pointsEarned} / ${math.pointsPossible} points`, { exact: true }), 'the points behind it');
    const row = card.getByRole('row').filter({ hasText: graded.title });
    await expectVisible(row.getByText(new RegExp(`^${graded.score} / ${graded.maxScore} \\(\\d+%\\)$`)), `the score of ${graded.title}`);
    await expectVisible(row.getByText('Graded', { exact: true }));
    await expectVisible(card.getByRole('img', { name: /^MATH-5A: / }), 'the trend chart');
    await a11y('grades, student');

    // the teacher: the course page links to its gradebook, which exports CSV
    await page.evaluate(() => window.localStorage.clear());
    await login(page, DEMO.teacher.email);
    await page.goto('/dashboard/courses');
    await page
      .getByRole('region', { name: 'Class 5A', exact: true })
      .getByRole('link', { name: 'View Course MATH-5A', exact: true })
      .click();
    await expectPath(page, /^\/dashboard\/courses\/[0-9a-f-]{36}$/);
    await page.getByRole('link', { name: 'Gradebook', exact: true }).click();
    await expectPath(page, /^\/dashboard\/courses\/[0-9a-f-]{36}\/gradebook$/);
    await expectVisible(page.getByRole('heading', { name: 'Gradebook: MATH-5A', level: 1 }));
    const table = page.getByRole('table', { name: 'Gradebook of MATH-5A' });
    const stella = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: `${DEMO.student.lastName}, ${DEMO.student.firstName}`, exact: true }) });
    await expectVisible(stella, "the demo student's row");
    await expectVisible(stella.getByText(`${math.average}%`, { exact: true }), 'the same average as the student sees');
    await a11y('gradebook');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      page.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]);
    assert(download.suggestedFilename() === 'gradebook-MATH-5A.csv', `the file name: ${download.suggestedFilename()}`);
    const lines = (await readDownload(download)).split('\r\n');
    assert(
      lines[0].startsWith('Last name,First name,Email,') && lines[0].endsWith(',Points earned,Points possible,Average %'),
      `the header: ${lines[0]}`,
    );
    const line = lines.find((l) => l.startsWith(`${DEMO.student.lastName},${DEMO.student.firstName},${DEMO.student.email},`));
    assert(line?.endsWith(`,${math.pointsEarned},${math.pointsPossible},${math.average}`), `the student's line: ${line}`);
  });
});
