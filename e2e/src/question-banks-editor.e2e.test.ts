/**
 * Question banks in an exam's editor (issue 30), in the browser: Add from bank (as a link) and Save to bank while
 * editing a saved exam; Import QTI (with its preview, the example's picture shown) and Export QTI. The exams live in
 * a course made for each test, which goes again at the end (question-banks.e2e.test.ts has the banks' own pages).
 */
import { DEMO } from './support/auth';
import { assert, eventually, exactLabel, expectNotVisible, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { graphql } from './support/graphql';
import { apiCourse, apiToken, placementOf, stamp } from './support/school';
import { LONG_TEXT, demoBank, openEditor, qtiPackage, savedExam } from './support/question-banks';

describe('question banks in the exam editor', () => {
  e2e(
    'editing a saved exam: Add from bank as a link is saved as a link, Save to bank copies a question into another bank, from which it is moved to a third',
    async ({ page, a11y }) => {
      const teacher = await apiToken(DEMO.teacher.email);
      const where = await placementOf(teacher, 'Mathematics');
      const id = stamp();
      const courseId = await apiCourse(teacher, where, `QBE-${id}`);
      const bank = await demoBank(teacher);
      const title = `Linked exam ${id}`;
      const made = { data: { createAssessment: { id: await savedExam(teacher, courseId, title) } } };
      const target = await graphql<{ createQuestionBank: { id: string } }>(
        'mutation ($input: CreateQuestionBankInput!) { createQuestionBank(input: $input) { id } }',
        { input: { name: `Saved questions ${id}`, subjectId: where.subjectId, sharing: 'PRIVATE' } },
        teacher,
      );
      assert(target.data?.createQuestionBank.id, `createQuestionBank failed: ${JSON.stringify(target.errors)}`);
      const targetId = target.data.createQuestionBank.id;
      let otherId: string | undefined;
      try {
        const dialog = await openEditor(page, courseId, title);
        await dialog.getByRole('button', { name: 'Add from bank', exact: true }).click();
        const pick = page.getByRole('dialog', { name: 'Add from bank' });
        await pick.getByLabel('Bank', { exact: true }).selectOption(bank.id);
        await pick
          .getByRole('checkbox', { name: new RegExp(`^${bank.questions[0].questionText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
          .check();
        await pick.getByRole('radio', { name: /^Link:/ }).check();
        await a11y('Add from bank on a saved exam');
        await pick.getByRole('button', { name: 'Add 1 question', exact: true }).click();
        await expectNotVisible(pick, 'the Add from bank dialog after adding');
        const q2 = dialog.getByRole('listitem', { name: 'Question 2', exact: true });
        await expectVisible(q2.getByText('Linked to bank', { exact: true }), 'the new question marked as linked');
        assert(
          (await q2.getByLabel(exactLabel('Question Text')).inputValue()) === bank.questions[0].questionText,
          'question 2 is the bank question',
        );

        // Save to bank: the long answer into the test's bank
        await dialog.getByRole('button', { name: 'Save to bank', exact: true }).click();
        const save = page.getByRole('dialog', { name: 'Save to bank' });
        await save.getByLabel('Bank', { exact: true }).selectOption(targetId);
        await save.getByRole('checkbox', { name: /^Question 2:/ }).uncheck();
        await save.getByRole('button', { name: 'Save to bank', exact: true }).click();
        await expectVisible(
          dialog.getByText(`One question saved to Saved questions ${id}`, { exact: true }),
          'the saved message in the editor',
        );

        // the edit saves (its version moved on with the added question) and the link stays
        await dialog.getByRole('button', { name: 'Update Exam', exact: true }).click();
        await expectNotVisible(dialog, 'the Edit Exam dialog after saving', 15_000);
        const after = await graphql<{
          assessment: { questions: Array<{ questionText: string; bankQuestionId: string | null; bankLinked: boolean | null }> };
        }>(
          'query ($id: ID!) { assessment(id: $id) { questions { questionText bankQuestionId bankLinked } } }',
          { id: made.data.createAssessment.id },
          teacher,
        );
        const qs = after.data?.assessment.questions ?? [];
        assert(
          qs.length === 2 && qs[1].bankQuestionId === bank.questions[0].id && qs[1].bankLinked === true,
          `the exam keeps the linked bank question: ${JSON.stringify(after)}`,
        );
        const saved = await graphql<{ questionBank: { questions: Array<{ questionText: string }> } }>(
          'query ($id: ID!) { questionBank(id: $id) { questions { questionText } } }',
          { id: targetId },
          teacher,
        );
        assert(
          JSON.stringify(saved.data?.questionBank.questions) === JSON.stringify([{ questionText: LONG_TEXT }]),
          `the bank got the long answer: ${JSON.stringify(saved)}`,
        );

        // on the bank's page the question is ticked and moved to another bank of the teacher's
        const other = await graphql<{ createQuestionBank: { id: string } }>(
          'mutation ($input: CreateQuestionBankInput!) { createQuestionBank(input: $input) { id } }',
          { input: { name: `Moved questions ${id}`, subjectId: where.subjectId, sharing: 'PRIVATE' } },
          teacher,
        );
        assert(other.data?.createQuestionBank.id, `createQuestionBank failed: ${JSON.stringify(other.errors)}`);
        otherId = other.data.createQuestionBank.id;
        await page.goto(`/dashboard/question-banks/${targetId}`);
        await page.getByRole('checkbox', { name: 'Select question 1', exact: true }).check();
        await page.getByRole('button', { name: 'Move 1 selected', exact: true }).click();
        const move = page.getByRole('dialog', { name: 'Move one question' });
        await move.getByLabel('To bank').selectOption(otherId);
        await move.getByRole('button', { name: 'Move', exact: true }).click();
        await expectVisible(page.getByText(`One question moved to Moved questions ${id}`, { exact: true }));
        await expectVisible(page.getByText('This bank has no questions yet.', { exact: true }), 'the bank emptied');
        const moved = await graphql<{ questionBank: { questionCount: number } }>(
          'query ($id: ID!) { questionBank(id: $id) { questionCount } }',
          { id: otherId },
          teacher,
        );
        assert(moved.data?.questionBank.questionCount === 1, `the other bank holds the question: ${JSON.stringify(moved)}`);
      } finally {
        await graphql(
          'mutation ($id: ID!) { deleteAssessment(id: $id, confirmSubmissions: 0) { id } }',
          { id: made.data.createAssessment.id },
          teacher,
        );
        for (const bankId of [targetId, otherId])
          if (bankId) await graphql('mutation ($id: ID!) { deleteQuestionBank(id: $id) }', { id: bankId }, teacher);
      }
    },
  );

  e2e(
    'a teacher imports a QTI package into a saved exam from its editor (preview first), sees its picture, saves and exports the exam',
    async ({ page, a11y }) => {
      const teacher = await apiToken(DEMO.teacher.email);
      const where = await placementOf(teacher, 'Mathematics');
      const id = stamp();
      const courseId = await apiCourse(teacher, where, `QBQ-${id}`);
      const title = `QTI exam ${id}`;
      const examId = await savedExam(teacher, courseId, title);
      try {
        const dialog = await openEditor(page, courseId, title);
        await dialog.getByRole('button', { name: 'Import QTI', exact: true }).click();
        const qti = page.getByRole('dialog', { name: `Import QTI into ${title}` });
        await qti.getByLabel('QTI file').setInputFiles({ name: 'qti3-examples.zip', mimeType: 'application/zip', buffer: qtiPackage() });
        await qti.getByRole('button', { name: 'Preview', exact: true }).click();
        const preview = qti.getByRole('region', { name: 'Import preview' });
        await expectVisible(preview.getByText(/^Nothing is imported yet\./), 'the preview');
        const n = await preview.getByRole('list', { name: 'Questions to import' }).getByRole('listitem').count();
        assert(n >= 4, `the example's four items come in, found ${n}`);
        const count = async () =>
          (
            await graphql<{ assessment: { questions: unknown[] } }>(
              'query ($id: ID!) { assessment(id: $id) { questions { id } } }',
              { id: examId },
              teacher,
            )
          ).data?.assessment.questions.length;
        assert((await count()) === 1, 'the preview changed nothing');
        await a11y('QTI import preview in the exam editor');
        await qti.getByRole('button', { name: `Import ${n} questions`, exact: true }).click();
        await expectNotVisible(qti, 'the import dialog after importing', 15_000);
        await expectVisible(dialog.getByText(`${n} questions imported, 1 skipped`, { exact: true }), 'the imported message in the editor');
        await expectVisible(dialog.getByRole('listitem', { name: `Question ${n + 1}`, exact: true }), 'the imported questions in the form');
        const picture = dialog.getByRole('img', { name: 'sign.png', exact: true });
        await expectVisible(picture, "the choice item's picture under its text");
        await eventually(
          () => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
          (w) => Number(w) > 0,
          'the picture loaded',
        );

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          dialog.getByRole('button', { name: 'Export QTI', exact: true }).click(),
        ]);
        assert(download.suggestedFilename().endsWith('.zip'), `the export is a zip: ${download.suggestedFilename()}`);

        // the edit saves (its version moved on with the import) and keeps every question
        await dialog.getByRole('button', { name: 'Update Exam', exact: true }).click();
        await expectNotVisible(dialog, 'the Edit Exam dialog after saving', 15_000);
        const after = await graphql<{ assessment: { questions: Array<{ questionText: string; images: Array<{ name: string }> }> } }>(
          'query ($id: ID!) { assessment(id: $id) { questions { questionText images { name } } } }',
          { id: examId },
          teacher,
        );
        const qs = after.data?.assessment.questions ?? [];
        assert(
          qs.length === n + 1 && qs[0].questionText === LONG_TEXT,
          `the exam holds its question and the imported ones: ${JSON.stringify(after)}`,
        );
        assert(
          qs.some((q) => q.images.map((i) => i.name).join() === 'sign.png'),
          `the choice item keeps its picture: ${JSON.stringify(after)}`,
        );
      } finally {
        await graphql('mutation ($id: ID!) { deleteAssessment(id: $id, confirmSubmissions: 0) { id } }', { id: examId }, teacher);
      }
    },
  );
});
