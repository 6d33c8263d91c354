/**
 * Drafts keep files (issue 25 point 6): a student attaches a file to a long answer, the page reloads (as a
 * phone's camera picker often makes it do), and the typed text and the file are both still there; the submit
 * then sends them, and the teacher's panel shows the file inline.
 */
import { DEMO, login } from './support/auth';
import { assert, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { LONG, STELLA, detail, newItem, question, section } from './support/grading';

const WEEK = 7 * 86_400_000;

describe('drafts keep files', () => {
  e2e('a file attached, the page reloaded, the file still there; submitted with the draft', async ({ page, a11y }) => {
    const item = await newItem('Photo of work', 'ASSIGNMENT', WEEK, [LONG]);
    await login(page, DEMO.student.email);
    await page.goto(`/dashboard/assignments/${item.id}/submit`);
    const q1 = page.getByRole('listitem', { name: 'Question 1', exact: true });
    await q1.getByLabel('Answer to question 1').fill('See the photo of my working.');
    await q1
      .getByLabel('File for question 1')
      .setInputFiles({ name: 'working.txt', mimeType: 'text/plain', buffer: Buffer.from('1/2 = 2/4 < 3/4\n') });
    await expectVisible(q1.getByText('working.txt (saved with your draft)', { exact: true }), 'the file kept with the draft');
    // the text autosaves a moment after typing
    await page.waitForTimeout(2_500);

    await page.reload();
    const again = page.getByRole('listitem', { name: 'Question 1', exact: true });
    await expectVisible(again.getByText('working.txt (saved with your draft)', { exact: true }), 'the file after the reload');
    assert((await again.getByLabel('Answer to question 1').inputValue()) === 'See the photo of my working.', 'the text after the reload');
    await expectVisible(again.getByRole('button', { name: 'Replace File' }));
    await a11y('submit page with a draft file');

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectVisible(page.getByText('Assignment submitted successfully!', { exact: true }));

    await page.evaluate(() => window.localStorage.clear());
    await login(page, DEMO.teacher.email);
    await page.goto(item.path);
    await section(page, 'Submitted (1)')
      .getByRole('button', { name: new RegExp(`^${STELLA}`) })
      .click();
    await expectVisible(question(page, 1).getByRole('button', { name: 'Download working.txt' }), 'the draft file in the submission');
    await expectVisible(detail(page).getByText('See the photo of my working.'));
    // the inline preview, fetched by the download's path (no viewer from elsewhere)
    await question(page, 1).getByRole('button', { name: 'Preview working.txt' }).click();
    await expectVisible(
      question(page, 1).getByRole('region', { name: 'Preview of working.txt' }).getByText('1/2 = 2/4 < 3/4'),
      'the text file shown inline',
    );
    await a11y('grading panel with an inline preview');
  });
});
