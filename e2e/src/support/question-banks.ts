/**
 * What the question bank browser tests share (question-banks.e2e.test.ts, question-banks-editor.e2e.test.ts): the
 * demo bank, an exam made through the API, its editor opened, and the server's QTI 3.0 example package.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { DEMO, login } from './auth';
import { assert } from './expect';
import { graphql } from './graphql';
import { storedZip } from './zip';

export const LONG_TEXT = 'Explain in your own words how you solve 2x + 3 = 11.';
export const BANK = 'Algebra basics';

export interface BankQuestion {
  id: string;
  questionText: string;
}

export async function demoBank(token: string): Promise<{ id: string; questions: BankQuestion[] }> {
  const list = await graphql<{ questionBanks: { nodes: Array<{ id: string; name: string }> } }>(
    '{ questionBanks(first: 500) { nodes { id name } } }',
    {},
    token,
  );
  const bank = list.data?.questionBanks.nodes.find((b) => b.name === BANK);
  assert(bank, `the demo bank ${BANK}: ${JSON.stringify(list)}`);
  const one = await graphql<{ questionBank: { questions: BankQuestion[] } }>(
    'query ($id: ID!) { questionBank(id: $id) { questions { id questionText } } }',
    { id: bank.id },
    token,
  );
  assert(one.data?.questionBank.questions.length === 12, `the demo bank has 12 questions: ${JSON.stringify(one)}`);
  return { id: bank.id, questions: one.data.questionBank.questions };
}

/** A hidden exam with one long answer, made through the API in the test's course; its id. */
export async function savedExam(teacher: string, courseId: string, title: string): Promise<string> {
  const made = await graphql<{ createAssessment: { id: string } }>(
    'mutation ($input: CreateAssessmentInput!) { createAssessment(input: $input) { id } }',
    {
      input: {
        kind: 'EXAM',
        courseId,
        title,
        description: 'Made by the question bank browser test',
        dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        resultVisibility: 'IMMEDIATE',
        isVisible: false,
        questions: [{ type: 'LONG_ANSWER', questionText: LONG_TEXT, points: 4 }],
      },
    },
    teacher,
  );
  assert(made.data?.createAssessment.id, `createAssessment failed: ${JSON.stringify(made.errors)}`);
  return made.data.createAssessment.id;
}

/** teacher@ signed in, on the course's Exams tab, with the exam's editor open. */
export async function openEditor(page: Page, courseId: string, title: string): Promise<Locator> {
  await login(page, DEMO.teacher.email);
  await page.goto(`/dashboard/courses/${courseId}`);
  await page.getByRole('tab', { name: 'Exams', exact: true }).click();
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: `Edit exam ${title}` })
    .click();
  return page.getByRole('dialog', { name: 'Edit Exam' });
}

/** The server's QTI 3.0 example package as a zip, every file of the folder under its own name. */
export function qtiPackage(): Buffer {
  const dir = path.resolve(__dirname, '../../../server/src/modules/qti/fixtures/qti3');
  const files: Record<string, Buffer> = {};
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else files[rel] = fs.readFileSync(path.join(dir, rel));
    }
  };
  walk('');
  return storedZip(files);
}
