/**
 * A teacher's grading evening (issue 25, "Done when"): 35 papers with one long answer each, graded with the
 * keyboard through Next ungraded in at most 3 keys per paper (the page counts every key the teacher presses);
 * the same 35 on a 375 px phone by touch, each tap on something already on screen (the test never scrolls);
 * one question graded across all students (the same saves, so the same version checks). The papers are students made for the run in no class (removed
 * afterwards), so the demo school's classes are not changed.
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO, login } from './support/auth';
import { assert, expectPath, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { LONG, detail, newItem, question, removePapers, seedPapers, section, tile, type Item } from './support/grading';
import { stamp } from './support/school';

const PAPERS = 35;
const WEEK = 7 * 86_400_000;

let made: string[] = [];
afterAll(async () => {
  await removePapers(made);
});

async function classOfPapers(prefix: string, questions: object[] = [LONG], papers = PAPERS): Promise<Item> {
  const item = await newItem(prefix, 'ASSIGNMENT', WEEK, questions);
  made = made.concat(await seedPapers(item, papers, `Eve${stamp()}`));
  return item;
}

/** Counts, in the page, every key pressed (a chord such as Ctrl+Enter is one key; the modifiers alone are none). */
async function countKeys(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { keysPressed: number };
    w.keysPressed = 0;
    window.addEventListener(
      'keydown',
      (e) => {
        if (!['Control', 'Alt', 'Shift', 'Meta'].includes(e.key)) w.keysPressed += 1;
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { keysPressed: number }).keysPressed);
}

const position = (page: Page) => detail(page).getByTestId('grading-position');

describe("a teacher's grading evening", () => {
  e2e(
    '35 papers by keyboard with Next ungraded, at most 3 keys each',
    async ({ page, a11y }) => {
      const item = await classOfPapers('Evening essays');
      await login(page, DEMO.teacher.email);
      await page.goto(item.path);
      await expectVisible(tile(page, 'Submitted').getByText(String(PAPERS), { exact: true }), `${PAPERS} papers submitted`);
      const keys = await countKeys(page);

      // the first key opens the first paper in the queue (handed in first) with the cursor in its long answer's score
      await page.keyboard.press('Alt+KeyN');
      for (let n = 1; n <= PAPERS; n++) {
        await expectVisible(position(page).getByText(`${n} of ${PAPERS}`, { exact: true }), `paper ${n} in the sticky header`);
        await expectVisible(detail(page).getByText(`Paper ${n}: a long answer to grade.`), `paper ${n}'s answer`);
        const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-grade-score') ?? null);
        assert(focused === item.questions[0].id, `paper ${n}: the focus is in the long answer's score (found ${focused})`);
        if (n === 1) await a11y('grading panel with the sticky header');
        const before = await keys();
        await page.keyboard.press(String(n % 6));
        await page.keyboard.press('Control+Enter');
        await expectVisible(detail(page).getByText('Grade updated successfully!', { exact: true }), `paper ${n} saved`);
        if (n < PAPERS) await page.keyboard.press('Alt+KeyN');
        const used = (await keys()) - before;
        assert(used <= 3, `paper ${n} took ${used} keys`);
      }
      await expectVisible(tile(page, 'Graded').getByText(String(PAPERS), { exact: true }), 'every paper graded');
      assert(await detail(page).getByRole('button', { name: 'Next ungraded' }).isDisabled(), 'nothing left to grade');
      const total = await keys();
      assert(total <= 3 * PAPERS, `${total} keys for ${PAPERS} papers`);

      // the list's filter, search and sort
      await page.getByLabel('Search by name').fill('Pupil07');
      await expectVisible(section(page, 'Submitted (1)'), 'the search finds one student');
      await page.getByLabel('Search by name').fill('');
      await page.getByLabel('Show').click();
      await page.getByRole('option', { name: 'Needs grading' }).click();
      await expectVisible(page.getByText('No students match the filter or search'), 'nothing needs grading');
    },
    { timeout: 240_000 },
  );

  e2e(
    '35 papers on a 375 px phone by touch, without scrolling back',
    async ({ page, a11y }) => {
      const item = await classOfPapers('Phone essays');
      await login(page, DEMO.teacher.email);
      await page.goto(item.path);
      await expectVisible(tile(page, 'Submitted').getByText(String(PAPERS), { exact: true }), `${PAPERS} papers submitted`);
      const viewport = page.viewportSize()!;

      /** A tap where the thing already is on screen: the test never scrolls, the page must bring it. */
      const tapInView = async (what: string, locator: Locator) => {
        const box = await locator.boundingBox();
        assert(box, `${what} is on the page`);
        const cx = box.x + box.width / 2;
        const cy = box.y + box.height / 2;
        assert(
          cy > 56 && cy < viewport.height && cx > 0 && cx < viewport.width,
          `${what} is on screen without scrolling (centre at ${Math.round(cx)}, ${Math.round(cy)})`,
        );
        const uncovered = await locator.evaluate(
          (el, [x, y]) => {
            const hit = document.elementFromPoint(x, y);
            return Boolean(hit && (hit === el || el.contains(hit) || hit.contains(el)));
          },
          [cx, cy] as const,
        );
        assert(uncovered, `${what} is not covered by anything at its centre`);
        await page.touchscreen.tap(cx, cy);
      };

      // the first paper's card (the list is first on a phone); then the panel alone, Next ungraded at thumb reach
      await page.getByRole('button', { name: new RegExp(`^Pupil01 `) }).tap();
      for (let n = 1; n <= PAPERS; n++) {
        await expectVisible(position(page).getByText(`${n} of ${PAPERS}`, { exact: true }), `paper ${n} in the header`);
        const score = detail(page).getByLabel('Score', { exact: true });
        await tapInView(`paper ${n}'s score`, score);
        await page.keyboard.type(String(n % 6));
        await tapInView('Save all', detail(page).getByRole('button', { name: 'Save all' }));
        await expectVisible(
          detail(page).getByText('Grade updated successfully!', { exact: true }),
          `paper ${n} saved, where the teacher looks`,
        );
        if (n === 1) await a11y('grading on a phone');
        if (n < PAPERS) await tapInView('Next ungraded', detail(page).getByRole('button', { name: 'Next ungraded' }));
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert(overflow <= 0, `no sideways scrolling at 375 px, ${overflow} px too wide`);
      await tapInView('Back to list', detail(page).getByRole('button', { name: 'Back to list' }));
      await expectVisible(tile(page, 'Graded').getByText(String(PAPERS), { exact: true }), 'every paper graded');
    },
    { viewport: { width: 375, height: 740 }, touch: true, timeout: 240_000 },
  );

  e2e('one question graded across all students, each answer in turn', async ({ page }) => {
    const SECOND = { type: 'LONG_ANSWER', questionText: 'Give an example of equal fractions.', points: 3 };
    const item = await classOfPapers('One question', [LONG, SECOND], 6);
    await login(page, DEMO.teacher.email);
    await page.goto(item.path);
    await expectVisible(tile(page, 'Submitted').getByText('6', { exact: true }), 'the dashboard');
    await page.getByLabel('Grade', { exact: true }).click();
    await page.getByRole('option', { name: 'Question 2 only (Long Answer)' }).click();
    await expectPath(page, /question=/);
    await page.keyboard.press('Alt+KeyN');
    for (let n = 1; n <= 6; n++) {
      await expectVisible(position(page).getByText(`${n} of 6`, { exact: true }), `student ${n}`);
      await expectVisible(question(page, 2).getByText(`Paper ${n}: a long answer to grade.`), `student ${n}'s answer to question 2`);
      assert(!(await question(page, 1).isVisible()), 'question 1 is not shown');
      await page.keyboard.press(String(n % 4));
      await page.keyboard.press('Control+Enter');
      await expectVisible(detail(page).getByText('Grade updated successfully!', { exact: true }), `student ${n}'s answer saved`);
      if (n < 6) await page.keyboard.press('Alt+KeyN');
    }
    assert(await detail(page).getByRole('button', { name: 'Next ungraded' }).isDisabled(), 'every answer to question 2 is graded');
    // question 1 still waits: no submission is whole yet
    await expectVisible(tile(page, 'Graded').getByText('0', { exact: true }), 'no submission graded in full');
    await page.getByLabel('Grade', { exact: true }).click();
    await page.getByRole('option', { name: 'Whole submissions' }).click();
    await expectVisible(question(page, 1), 'both questions again');
    assert((await question(page, 2).getByLabel('Score', { exact: true }).inputValue()) === '2', 'the saved score of question 2 (6 % 4)');
    assert((await question(page, 1).getByLabel('Score', { exact: true }).inputValue()) === '', 'question 1 not graded');
  });

  e2e('the comment bank: feedback kept once, inserted with a click or Alt+1 on the next paper', async ({ page }) => {
    const item = await classOfPapers('Comment bank', [LONG], 2);
    await login(page, DEMO.teacher.email);
    await page.goto(item.path);
    await expectVisible(tile(page, 'Submitted').getByText('2', { exact: true }), 'the dashboard');
    await page.keyboard.press('Alt+KeyN');
    const feedback = question(page, 1).getByLabel('Feedback', { exact: true });
    const text = `Clear method; add one worked example (${Date.now()}).`;
    await feedback.fill(text);
    await question(page, 1).getByRole('button', { name: 'Keep in bank' }).click();
    const snippet = question(page, 1).getByRole('button', { name: /^1\. Clear method/ });
    await expectVisible(snippet, 'the snippet in the bank');
    await question(page, 1).getByLabel('Score', { exact: true }).fill('4');
    await page.keyboard.press('Control+Enter');
    await expectVisible(detail(page).getByText('Grade updated successfully!', { exact: true }));

    // the next paper: Alt+1 in the feedback inserts it; a click adds it again
    await page.keyboard.press('Alt+KeyN');
    await expectVisible(position(page).getByText('2 of 2', { exact: true }));
    await question(page, 1).getByLabel('Feedback', { exact: true }).focus();
    await page.keyboard.press('Alt+Digit1');
    assert((await question(page, 1).getByLabel('Feedback', { exact: true }).inputValue()) === text, 'Alt+1 inserted the snippet');
    await question(page, 1)
      .getByRole('button', { name: /^1\. Clear method/ })
      .click();
    assert((await question(page, 1).getByLabel('Feedback', { exact: true }).inputValue()) === `${text} ${text}`, 'a click added it after');
    // kept per teacher: it is there after a reload
    await page.reload();
    await expectVisible(question(page, 1).getByRole('button', { name: /^1\. Clear method/ }), 'the bank after a reload');
    await question(page, 1).getByRole('button', { name: 'Delete comment 1 from the bank' }).click();
    await expectVisible(question(page, 1).getByText('Comment bank: keep feedback you use often'), 'the bank empty again');
  });
});
