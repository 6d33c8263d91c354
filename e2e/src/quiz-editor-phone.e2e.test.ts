/**
 * The quiz editor on a phone (issue 25 points 5 and 7): each option's delete button stays on the option's own
 * line at 375 px, question types and result visibility read in words, and axe finds nothing serious.
 */
import { DEMO, login } from './support/auth';
import { assert, exactLabel, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { graphql } from './support/graphql';
import { apiToken } from './support/school';

describe('quiz editor on a phone', () => {
  e2e(
    "option rows keep their delete button beside the option; the editor's words",
    async ({ page, a11y }) => {
      const token = await apiToken(DEMO.teacher.email);
      const courses = await graphql<{ courses: { nodes: Array<{ title: string; modules: Array<{ id: string; isVisible: boolean }> }> } }>(
        '{ courses(first: 100) { nodes { title modules { id isVisible } } } }',
        {},
        token,
      );
      const module = courses.data?.courses.nodes.find((c) => c.title === 'MATH-5A')?.modules.find((m) => m.isVisible);
      assert(module, 'a visible module of MATH-5A');
      await login(page, DEMO.teacher.email);
      await page.goto(`/dashboard/modules/${module.id}?tab=quizzes`);
      await page.getByRole('button', { name: 'Create Quiz', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Quiz' });
      await expectVisible(dialog);
      await expectVisible(
        dialog.getByText('Immediate: students see their score and the correct answers as soon as they submit'),
        'Result Visibility explained',
      );
      const q1 = dialog.getByRole('listitem', { name: 'Question 1', exact: true });
      const types = await q1.getByLabel(exactLabel('Question Type')).locator('option').allTextContents();
      assert(
        JSON.stringify(types) === JSON.stringify(['Multiple Choice', 'Short Answer', 'Long Answer']),
        `question types in words: ${JSON.stringify(types)}`,
      );
      for (const n of [1, 2]) {
        const field = await q1.getByLabel(exactLabel(`Option ${n}`)).boundingBox();
        const remove = await q1.getByRole('button', { name: `Remove option ${n} of question 1` }).boundingBox();
        assert(field && remove, `option ${n} and its delete button are shown`);
        const fieldMiddle = field.y + field.height / 2;
        assert(
          remove.y <= fieldMiddle && remove.y + remove.height >= fieldMiddle,
          `option ${n}'s delete button is on its line (field at ${field.y}, button at ${remove.y})`,
        );
        assert(remove.x + remove.width <= 375, `option ${n}'s delete button is on screen`);
      }
      await a11y('quiz editor at 375 px');
    },
    { viewport: { width: 375, height: 800 } },
  );
});
