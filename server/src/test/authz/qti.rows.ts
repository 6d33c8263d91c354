import { Readable } from 'node:stream';
import { Role } from '../../core/role';
import { tinyPng } from '../../modules/files';
import { itemXml } from '../../modules/qti';
import { QuestionType } from '../../modules/assessments';
import { fresh } from './assessments.rows';
import { Row, Vars, row, uniq } from './matrix';
import type { World } from './world';

/**
 * QTI (issue 30): import into a bank the viewer may edit (own: teacher@'s bank of Mathematics; other: a private
 * bank of teacher2@ in Art, which teacher@ does not see), and the two downloads: a bank (read like the bank: never
 * students or parents) and an assessment (its teachers, SuperAdmin and Admin; everyone else is told not found).
 */

async function bank(w: World, c: string): Promise<string> {
  const [owner, subject] = c === 'other' ? [w.teacher2, w.subject.Art] : [w.me[Role.Teacher], w.subject.Mathematics];
  const [{ id }] = await w.ds.query(
    `INSERT INTO question_banks (owner_id, subject_id, name, sharing) VALUES ($1, $2, $3, 'private') RETURNING id`,
    [owner, subject, uniq('Bank')],
  );
  return id;
}

const itemOf = (text: string) =>
  Buffer.from(
    itemXml(
      {
        type: QuestionType.ShortAnswer,
        questionText: text,
        points: 1,
        tags: [],
        options: [],
        acceptedAnswers: [{ answer: 'yes', weight: 100 }],
        partialMarking: { enabled: false, penaltyPerWrong: 0 },
      },
      'authz',
    ),
  );

/** A question's image (a stored PNG) of the case: a bank question of teacher@'s bank, or a question of an item. */
async function image(w: World, c: string): Promise<string> {
  let owner: [string | null, string | null];
  if (c === 'bank') {
    const [{ id }] = await w.ds.query(
      `INSERT INTO bank_questions (bank_id, type, question_text, position) VALUES ($1, 'LongAnswer', 'Why?', 1) RETURNING id`,
      [await bank(w, 'own')],
    );
    owner = [id, null];
  } else {
    const item = await fresh(w, 'EXAM', c === 'drawnOther' ? 'own' : c);
    const [{ id: q }] = await w.ds.query('SELECT id FROM questions WHERE assessment_id = $1', [item]);
    if (c === 'drawnOther') {
      // a question the item's random draw gave to another student
      const [{ id: draw }] = await w.ds.query(
        'INSERT INTO assessment_draws (assessment_id, bank_id, count, position) VALUES ($1, $2, 1, 1) RETURNING id',
        [item, await bank(w, 'own')],
      );
      await w.ds.query('UPDATE questions SET draw_id = $2, sort_order = 1000001 WHERE id = $1', [q, draw]);
      await w.ds.query('INSERT INTO assessment_draw_picks (draw_id, student_id, question_id, position) VALUES ($1, $2, $3, 1)', [
        draw,
        w.student2,
        q,
      ]);
    }
    owner = [null, q];
  }
  const got = await w.t.services.files.receive({ filename: 'authz.png', stream: Readable.from([tinyPng(2, 2)]) });
  return w.ds.transaction(async (m) => {
    const file = await w.t.services.files.record(m, got, 'image/png', w.me[Role.Teacher]);
    const [{ id }] = await m.query(
      `INSERT INTO question_images (bank_question_id, question_id, file_id, name, position) VALUES ($1, $2, $3, 'authz.png', 1) RETURNING id`,
      [...owner, file.id],
    );
    return id;
  });
}

export const qtiRows: Row<any>[] = [
  row({
    gql: 'Mutation.importQti',
    query: 'mutation($input: ImportQtiInput!) { importQti(input: $input) { imported bankId } }',
    variables: (v: Vars) => ({ input: { file: null, bankId: v.target, dryRun: false } }),
    fileAt: 'variables.input.file',
    file: (v: Vars) => ({ name: 'file', filename: 'item.xml', contentType: 'application/xml', data: itemOf(v.text) }),
    rest: {
      'POST /qti/import': (v: Vars) => ({
        path: '/qti/import',
        multipart: [
          { name: 'bankId', value: String(v.target) },
          { name: 'dryRun', value: 'false' },
          { name: 'file', filename: 'item.xml', contentType: 'application/xml', data: itemOf(v.text) },
        ],
      }),
    },
    expect: { own: 'AAAFF', other: 'AANFF' },
    given: async (w, c) => ({ target: await bank(w, c), text: uniq('QTI question') }),
    changed: async (w, v) =>
      (await w.ds.query('SELECT 1 FROM bank_questions WHERE bank_id = $1 AND question_text = $2', [v.target, v.text])).length > 0,
  }),
  row({
    rest: { 'GET /question-banks/:id/qti': (v: Vars) => ({ path: `/question-banks/${v.id}/qti` }) },
    expect: { own: 'AAANN', other: 'AANNN' },
    given: async (w, c) => ({ id: await bank(w, c) }),
  }),
  row({
    rest: { 'GET /assessments/:id/qti': (v: Vars) => ({ path: `/assessments/${v.id}/qti` }) },
    expect: { own: 'AAANN', other: 'AANNN' },
    given: async (w, c) => ({ id: await fresh(w, 'EXAM', c) }),
  }),
  row({
    // a question's image, as the question: a bank's never to students or parents; an item's to its readers, a
    // student only for a fixed question or one drawn for them
    rest: { 'GET /question-images/:id': (v: Vars) => ({ path: `/question-images/${v.id}` }) },
    expect: { bank: 'AAANN', own: 'AAAAN', hidden: 'AAANN', other: 'AANNN', drawnOther: 'AAANN' },
    given: async (w, c) => ({ id: await image(w, c) }),
  }),
];
