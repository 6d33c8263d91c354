/**
 * Question banks in the browser (issue 30): a teacher builds an exam with a fixed long answer and a random draw of
 * 5 of the 12 questions of the demo bank "Algebra basics"; students each get their own draw, which stays the same
 * on reload; they submit, the teacher grades the long answers, and the bank page then shows each drawn question's
 * statistics. Also: a QTI package previewed (nothing changes) and then imported into a bank made for the test; the
 * pages and the editor's bank tools at 375 px and by keyboard. The bank tools of a saved exam's editor (Add from bank,
 * Save to bank, Import and Export QTI) are question-banks-editor.e2e.test.ts.
 *
 * The QTI package is the QTI 3.0 examples of the 1EdTech specification the server's tests use
 * (server/src/modules/qti/fixtures/qti3: choice, multiple choice, text entry, extended text, and an order item).
 *
 * The exam lives in a course made for the test (Mathematics, Class 5A 2026), and the students are made for it
 * (placed in Class 5A, the demo password); both go again at the end.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO, login } from './support/auth';
import { withDb } from './support/db';
import { assert, eventually, exactLabel, expectNotVisible, expectVisible } from './support/expect';
import { DESKTOP, e2e } from './support/fixture';
import { card, detail, section } from './support/grading';
import { graphql } from './support/graphql';
import { apiCourse, apiToken, placementOf, stamp, type Placement } from './support/school';
import { BANK, LONG_TEXT, demoBank, qtiPackage, type BankQuestion } from './support/question-banks';

interface Pupil {
  id: string;
  email: string;
  name: string;
}

/** A student made for the test by admin@, signed in with the demo password, placed in Class 5A 2026 by teacher@. */
async function newPupil(admin: string, teacher: string, where: Placement, n: number): Promise<Pupil> {
  const tag = stamp().toLowerCase();
  const email = `drawer${n}-${tag}@e2e.school`;
  const lastName = `Drawer${n}${tag}`;
  const made = await graphql<{ createUser: { id: string } }>(
    'mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }',
    { input: { email, firstName: 'Dana', lastName, role: 'STUDENT' } },
    admin,
  );
  assert(made.data?.createUser.id, `createUser failed: ${JSON.stringify(made.errors)}`);
  const id = made.data.createUser.id;
  await withDb((db) =>
    db.query(
      `UPDATE users SET activated = true, password_hash = (SELECT password_hash FROM users WHERE email = 'student@demo.school') WHERE id = $1`,
      [id],
    ),
  );
  const placed = await graphql(
    'mutation ($input: PlaceStudentInput!) { placeStudent(input: $input) { id } }',
    { input: { userId: id, classId: where.classId, academicYearId: where.academicYearId } },
    teacher,
  );
  assert(!placed.errors, `placeStudent failed: ${JSON.stringify(placed.errors)}`);
  return { id, email, name: `Dana ${lastName}` };
}

const questionsOn = (page: Page) =>
  page.getByRole('list', { name: 'Questions', exact: true }).getByRole('listitem', { name: /^Question \d+$/ });

/** Which bank questions the student's page shows, in its order (each question's text names it). */
async function drawnOn(page: Page, bank: BankQuestion[]): Promise<string[]> {
  await expectVisible(questionsOn(page).first(), 'the questions of the exam');
  const texts = await questionsOn(page).allInnerTexts();
  return texts.flatMap((t) => bank.filter((q) => t.includes(q.questionText)).map((q) => q.questionText));
}

/** A student opens the exam, sees the long answer and 5 bank questions, the same after a reload, answers and submits. */
async function takeExam(browser: Browser, baseURL: string, pupil: Pupil, examId: string, bank: BankQuestion[]): Promise<string[]> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL, bypassCSP: true });
  context.setDefaultTimeout(10_000);
  try {
    const page = await context.newPage();
    await login(page, pupil.email);
    await page.goto(`/dashboard/exams/${examId}/submit`);
    const drawn = await drawnOn(page, bank);
    assert(drawn.length === 5 && new Set(drawn).size === 5, `${pupil.name} sees 5 different bank questions: ${JSON.stringify(drawn)}`);
    assert((await questionsOn(page).count()) === 6, `${pupil.name} sees the long answer and the 5 drawn questions`);
    await page.reload();
    const again = await drawnOn(page, bank);
    assert(
      JSON.stringify(again) === JSON.stringify(drawn),
      `${pupil.name}'s draw stays the same on reload: ${JSON.stringify(drawn)} then ${JSON.stringify(again)}`,
    );

    const count = await questionsOn(page).count();
    for (let n = 1; n <= count; n++) {
      const q = page.getByRole('listitem', { name: `Question ${n}`, exact: true });
      const boxes = q.getByRole('checkbox');
      if (await boxes.count()) await boxes.first().check();
      else await q.getByLabel(`Answer to question ${n}`).fill(n % 2 ? 'x = 4' : 'Take 3 from both sides, then halve: x = 4.');
    }
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectVisible(page.getByText('Exam submitted successfully!', { exact: true }), `${pupil.name}'s exam submitted`);
    return drawn;
  } finally {
    await context.close();
  }
}

/** The teacher grades a student's long answer on the exam's grading dashboard (the drawn questions are auto-graded). */
async function gradeLongAnswer(page: Page, pupil: Pupil, submitted: Locator): Promise<void> {
  await card(submitted, pupil.name).click();
  await expectVisible(detail(page).getByRole('heading', { level: 2, name: pupil.name }), `${pupil.name}'s submission`);
  const items = detail(page).getByRole('listitem', { name: /^Question \d+$/ });
  assert((await items.count()) === 6, `the dashboard shows ${pupil.name}'s 6 questions`);
  await expectVisible(items.filter({ hasText: 'Auto-graded' }).first(), 'the drawn questions graded automatically');
  const long = items.filter({ hasText: LONG_TEXT });
  await long.getByLabel('Score', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Save all', exact: true }).click();
  await expectVisible(detail(page).getByText('Grade updated successfully!', { exact: true }), `${pupil.name}'s grade saved`);
}

describe('question banks', () => {
  e2e(
    'a teacher builds an exam with a random draw of 5 of 12 bank questions; students get different draws that stay on reload; grading fills the item statistics',
    async (t) => {
      const { page, a11y } = t;
      const teacher = await apiToken(DEMO.teacher.email);
      const admin = await apiToken(DEMO.admin.email);
      const where = await placementOf(teacher, 'Mathematics');
      const id = stamp();
      const courseId = await apiCourse(teacher, where, `QB-${id}`);
      const bank = await demoBank(teacher);
      const pupils: Pupil[] = [];
      let examId: string | undefined;
      try {
        pupils.push(await newPupil(admin, teacher, where, 1), await newPupil(admin, teacher, where, 2));
        await login(page, DEMO.teacher.email);

        // the sidebar's Question banks: the demo bank with its 12 questions, tags and a tag filter
        await page.getByRole('link', { name: 'Question banks', exact: true }).first().click();
        const banks = page.getByRole('table', { name: 'Question banks' });
        const row = banks.getByRole('row').filter({ hasText: BANK });
        await expectVisible(row.getByRole('cell', { name: '12', exact: true }), 'the bank with its 12 questions');
        await a11y('question banks list');
        await row.getByRole('link', { name: BANK, exact: true }).click();
        await expectVisible(page.getByRole('heading', { level: 1, name: BANK }));
        const listed = page.getByRole('list', { name: 'Questions', exact: true }).getByRole('listitem', { name: /^Question \d+$/ });
        await eventually(
          () => listed.count(),
          (n) => n === 12,
          'the bank page lists 12 questions',
        );
        await page.getByLabel('Show questions tagged').selectOption('linear');
        await eventually(
          () => listed.count(),
          (n) => n === 6,
          "the tag filter 'linear' shows 6",
        );
        await a11y('bank page');

        // the exam: a long answer written in the editor, and a random draw of 5 of the bank's 12
        await page.goto(`/dashboard/courses/${courseId}`);
        await page.getByRole('tab', { name: 'Exams', exact: true }).click();
        await page.getByRole('button', { name: 'Create Exam', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Create Exam' });
        const title = `Algebra draw ${id}`;
        await dialog.getByLabel(exactLabel('Title')).fill(title);
        await dialog.getByLabel(exactLabel('Due Date')).fill(`${new Date().getFullYear() + 1}-03-15T10:30`);
        const q1 = dialog.getByRole('listitem', { name: 'Question 1', exact: true });
        await q1.getByLabel('Question Type').selectOption('LONG_ANSWER');
        await q1.getByLabel(exactLabel('Question Text')).fill(LONG_TEXT);
        await q1.getByLabel(exactLabel('Points')).fill('4');
        await dialog.getByRole('button', { name: 'Add random draw', exact: true }).click();
        const draw = dialog.getByRole('listitem', { name: 'Random draw 1', exact: true });
        await draw.getByLabel('Bank', { exact: true }).selectOption(bank.id);
        await expectVisible(draw.getByText('12 questions available', { exact: true }), 'how many the bank offers');
        await draw.getByLabel('Tag', { exact: true }).selectOption('quadratic');
        await expectVisible(draw.getByText('6 questions available', { exact: true }), 'how many of a tag');
        await draw.getByLabel('Tag', { exact: true }).selectOption('');
        await expectVisible(draw.getByText('12 questions available', { exact: true }));
        await draw.getByLabel('How many questions').fill('5');
        await a11y('exam editor with a random draw');
        await dialog.getByRole('button', { name: 'Create Exam', exact: true }).click();
        await expectNotVisible(dialog, 'the Create Exam dialog after creating', 15_000);
        await expectVisible(page.getByText('Exam created successfully', { exact: true }));

        const exams = await graphql<{
          course: { exams: Array<{ id: string; title: string; randomDraws: Array<{ count: number; available: number }> }> };
        }>('query ($id: ID!) { course(id: $id) { exams { id title randomDraws { count available } } } }', { id: courseId }, teacher);
        const exam = exams.data?.course.exams.find((e) => e.title === title);
        assert(exam, `the new exam: ${JSON.stringify(exams)}`);
        examId = exam.id;
        assert(JSON.stringify(exam.randomDraws) === '[{"count":5,"available":12}]', `the saved draw: ${JSON.stringify(exam.randomDraws)}`);

        // each student draws their own 5, kept on reload; more students only if two draws happen to be equal
        const browser = t.context.browser();
        assert(browser, 'the test context has no browser');
        const draws: string[][] = [];
        for (let i = 0; ; i++) {
          if (i >= pupils.length) pupils.push(await newPupil(admin, teacher, where, i + 1));
          draws.push(await takeExam(browser, t.baseURL, pupils[i], examId, bank.questions));
          const key = (d: string[]) => [...d].sort().join('\n');
          if (new Set(draws.map(key)).size > 1) break;
          assert(i < 4, `five students all drew the same questions: ${JSON.stringify(draws)}`);
        }

        // the teacher grades each long answer; the drawn questions are already graded
        await page.goto(`/dashboard/exams/${examId}/examsubmissions`);
        const submitted = section(page, `Submitted (${pupils.length})`);
        await expectVisible(submitted, 'every submission on the dashboard');
        for (const pupil of pupils) await gradeLongAnswer(page, pupil, submitted);
        await expectVisible(submitted.getByText('Graded', { exact: true }).nth(pupils.length - 1), 'every card as Graded');

        // the bank page: statistics beside each drawn question
        await page.goto(`/dashboard/question-banks/${bank.id}`);
        await eventually(
          () => listed.count(),
          (n) => n === 12,
          'the bank page lists 12 questions',
        );
        const drawnTexts = new Set(draws.flat());
        const stats = page.getByRole('region', { name: /^Statistics of question \d+$/ });
        await eventually(
          () => stats.count(),
          (n) => n === drawnTexts.size,
          `statistics beside the ${drawnTexts.size} questions drawn`,
        );
        const first = listed.filter({ hasText: draws[0][0] });
        await expectVisible(first.getByRole('region').getByText('Answered', { exact: true }), 'the answered count');
        await expectVisible(first.getByRole('region').getByText('Average score', { exact: true }), 'the average score');
        await expectVisible(first.getByText(/^Used in: .*\(random draw\)/), 'where the question is used');
        const unused = bank.questions.filter((q) => !drawnTexts.has(q.questionText));
        if (unused.length)
          await expectVisible(
            listed.filter({ hasText: unused[0].questionText }).getByText('No answers yet: statistics appear once students answer it.'),
            'no statistics before any answer',
          );
        await a11y('bank page with statistics');
      } finally {
        // the students' submissions go with them; then the exam has none
        for (const p of pupils) await graphql('mutation ($id: ID!) { deleteUser(id: $id) }', { id: p.id }, admin);
        if (examId)
          await graphql('mutation ($id: ID!) { deleteAssessment(id: $id, confirmSubmissions: 0) { id } }', { id: examId }, teacher);
      }
    },
    { timeout: 240_000 },
  );

  e2e(
    'a teacher previews a QTI package (nothing changes, the skipped item is listed), imports it into a new bank, adds a tagged question, exports, shares and deletes the bank',
    async ({ page, a11y }) => {
      const teacher = await apiToken(DEMO.teacher.email);
      const name = `QTI examples ${stamp()}`;
      await login(page, DEMO.teacher.email);
      await page.goto('/dashboard/question-banks');
      await page.getByRole('button', { name: 'New question bank', exact: true }).click();
      const create = page.getByRole('dialog', { name: 'New question bank' });
      await create.getByLabel(exactLabel('Name')).fill(name);
      await create.getByLabel(exactLabel('Subject')).selectOption({ label: 'Mathematics' });
      await a11y('new bank dialog');
      await create.getByRole('button', { name: 'Create bank', exact: true }).click();
      await expectNotVisible(create, 'the dialog after creating');
      await page.getByRole('table', { name: 'Question banks' }).getByRole('link', { name, exact: true }).click();
      await expectVisible(page.getByText('This bank has no questions yet.', { exact: true }));
      const bankId = new URL(page.url()).pathname.split('/').pop() ?? '';
      const countIn = async () =>
        (
          await graphql<{ questionBank: { questionCount: number } }>(
            'query ($id: ID!) { questionBank(id: $id) { questionCount } }',
            { id: bankId },
            teacher,
          )
        ).data?.questionBank.questionCount;
      try {
        await page.getByRole('button', { name: 'Import QTI', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: `Import QTI into ${name}` });
        await dialog.getByLabel('QTI file').setInputFiles({ name: 'qti3-examples.zip', mimeType: 'application/zip', buffer: qtiPackage() });
        await expectVisible(dialog.getByText('qti3-examples.zip', { exact: true }), 'the chosen file');
        await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
        const preview = dialog.getByRole('region', { name: 'Import preview' });
        await expectVisible(preview.getByText(/^Nothing is imported yet\./), 'the preview');
        await expectVisible(
          preview.getByRole('list', { name: 'Skipped items' }).getByText(/^order \(/),
          'the order item listed as skipped',
        );
        const imported = preview.getByRole('list', { name: 'Questions to import' }).getByRole('listitem');
        await expectVisible(imported.filter({ hasText: 'What does it say?' }), 'the choice item in the preview');
        const n = await imported.count();
        assert(n >= 4, `the choice, multiple choice, text entry and extended text items come in, found ${n}`);
        assert((await countIn()) === 0, 'the preview changed nothing');
        await a11y('QTI import preview');

        await dialog.getByRole('button', { name: `Import ${n} questions`, exact: true }).click();
        await expectNotVisible(dialog, 'the import dialog after importing', 15_000);
        await expectVisible(page.getByText(`${n} questions imported, 1 skipped`, { exact: true }));
        const listed = page.getByRole('list', { name: 'Questions', exact: true }).getByRole('listitem', { name: /^Question \d+$/ });
        await eventually(
          () => listed.count(),
          (c) => c === n,
          `the bank lists the ${n} imported questions`,
        );
        await expectVisible(
          listed.filter({ hasText: 'What does it say?' }).getByText('You must stay with your luggage at all times. (correct)'),
          'the imported key',
        );
        // the example's picture came in as a file of the question and shows under its text
        const picture = listed.filter({ hasText: 'What does it say?' }).getByRole('img', { name: 'sign.png', exact: true });
        await expectVisible(picture, 'the imported image under its text');
        await eventually(
          () => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
          (w) => Number(w) > 0,
          'the image loaded',
        );
        assert((await countIn()) === n, 'the bank holds the imported questions');

        // a question written on the page, with tags; the tag filter then offers them
        await page.getByRole('button', { name: 'Add question', exact: true }).click();
        const add = page.getByRole('dialog', { name: 'Add question' });
        await add.getByLabel(exactLabel('Question Text')).fill('Which number is even?');
        await add.getByLabel(exactLabel('Option 1')).fill('3');
        await add.getByLabel(exactLabel('Option 2')).fill('4');
        await add.getByLabel('Option 2 is correct').check();
        await add.getByLabel('Tags').fill('numbers, warm-up');
        await a11y('add question dialog');
        await add.getByRole('button', { name: 'Add question', exact: true }).click();
        await expectNotVisible(add, 'the Add question dialog after adding');
        await eventually(
          () => listed.count(),
          (c) => c === n + 1,
          'the new question listed',
        );
        await page.getByLabel('Show questions tagged').selectOption('warm-up');
        await eventually(
          () => listed.count(),
          (c) => c === 1,
          "the tag filter 'warm-up' shows the new question alone",
        );
        await expectVisible(listed.getByText('4 (correct)', { exact: true }), 'its key');

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export QTI', exact: true }).click(),
        ]);
        assert(download.suggestedFilename().endsWith('.zip'), `the export is a zip: ${download.suggestedFilename()}`);

        // its owner shares it, then deletes it (the browser asks first)
        await page.getByRole('button', { name: 'Edit bank', exact: true }).click();
        const edit = page.getByRole('dialog', { name: 'Edit bank' });
        await edit.getByLabel('Who can use it').selectOption('EDIT');
        await edit.getByRole('button', { name: 'Save bank', exact: true }).click();
        await expectNotVisible(edit, 'the Edit bank dialog after saving');
        await expectVisible(page.getByText(/Other teachers of the subject can use and edit it/), 'the new sharing under the name');
        page.once('dialog', (d) => void d.accept());
        await page.getByRole('button', { name: 'Delete bank', exact: true }).click();
        await expectVisible(page.getByRole('heading', { level: 1, name: 'Question banks' }), 'back on the list');
        await expectNotVisible(page.getByRole('link', { name, exact: true }), 'the deleted bank');
        assert((await countIn()) === undefined, 'the bank is gone');
      } finally {
        await graphql('mutation ($id: ID!) { deleteQuestionBank(id: $id) }', { id: bankId }, teacher);
      }
    },
  );

  e2e(
    "on a 375 px phone the banks, a bank page and the editor's bank tools fit without a sideways scroll, and work from the keyboard",
    async ({ page, a11y }) => {
      const teacher = await apiToken(DEMO.teacher.email);
      const where = await placementOf(teacher, 'Mathematics');
      const courseId = await apiCourse(teacher, where, `QBP-${stamp()}`);
      const bank = await demoBank(teacher);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await login(page, DEMO.teacher.email);
      await page.goto('/dashboard/question-banks');
      await expectVisible(page.getByRole('link', { name: BANK, exact: true }), 'the bank as a card');
      assert((await overflow()) <= 0, `the list fits the phone, ${await overflow()} px too wide`);
      await page.goto(`/dashboard/question-banks/${bank.id}`);
      await expectVisible(page.getByRole('listitem', { name: 'Question 12', exact: true }), 'the last question');
      assert((await overflow()) <= 0, `the bank page fits the phone, ${await overflow()} px too wide`);
      await a11y('bank page on a phone');

      // the editor by keyboard: Add from bank, a tag, two questions ticked with the space bar, added as copies
      await page.goto(`/dashboard/courses/${courseId}`);
      await page.getByRole('tab', { name: 'Exams', exact: true }).click();
      await page.getByRole('button', { name: 'Create Exam', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Exam' });
      await dialog.getByRole('button', { name: 'Add from bank', exact: true }).focus();
      await page.keyboard.press('Enter');
      const pick = page.getByRole('dialog', { name: 'Add from bank' });
      await pick.getByLabel('Bank', { exact: true }).selectOption(bank.id);
      await pick.getByLabel('Tag', { exact: true }).selectOption('linear');
      const boxes = pick.getByRole('list', { name: 'Bank questions' }).getByRole('checkbox');
      await eventually(
        () => boxes.count(),
        (n) => n === 6,
        "the bank's 6 linear questions",
      );
      for (const n of [0, 1]) {
        await boxes.nth(n).focus();
        await page.keyboard.press('Space');
      }
      assert((await overflow()) <= 0, `the Add from bank dialog fits the phone, ${await overflow()} px too wide`);
      await a11y('Add from bank on a phone');
      await page.keyboard.press('Enter');
      await expectNotVisible(pick, 'the Add from bank dialog after adding');
      const count = await dialog.getByRole('listitem', { name: /^Question \d+$/ }).count();
      assert(count === 3, `the blank question and the 2 copies, found ${count}`);
      const copied = await dialog
        .getByRole('listitem', { name: 'Question 2', exact: true })
        .getByLabel(exactLabel('Question Text'))
        .inputValue();
      assert(
        bank.questions.some((q) => q.questionText === copied),
        `question 2 is a bank question: ${copied}`,
      );
      await dialog.getByRole('button', { name: 'Add random draw', exact: true }).click();
      await dialog.getByRole('listitem', { name: 'Random draw 1', exact: true }).getByLabel('Bank', { exact: true }).selectOption(bank.id);
      await expectVisible(dialog.getByText('12 questions available', { exact: true }));
      assert((await overflow()) <= 0, `the editor with a random draw fits the phone, ${await overflow()} px too wide`);
      await a11y('exam editor with bank tools on a phone');
    },
    { viewport: { width: 375, height: 800 } },
  );
});
