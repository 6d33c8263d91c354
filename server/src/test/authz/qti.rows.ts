import { Role } from '../../modules/users/role';
import { itemXml } from '../../modules/qti/qti.export';
import { QuestionType } from '../../modules/assessments/assessment.entity';
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
    `INSERT INTO question_banks (owner_id, subject_id, name, sharing) VALUES ($1, $2, $3, 'private') RETURNING id`, [owner, subject, uniq('Bank')]);
  return id;
}

const itemOf = (text: string) => Buffer.from(itemXml({
  type: QuestionType.ShortAnswer, questionText: text, points: 1, tags: [], options: [],
  acceptedAnswers: [{ answer: 'yes', weight: 100 }], partialMarking: { enabled: false, penaltyPerWrong: 0 },
}, 'authz'));

export const qtiRows: Row<any>[] = [
  row({
    gql: 'Mutation.importQti',
    query: 'mutation($input: ImportQtiInput!) { importQti(input: $input) { imported bankId } }',
    variables: (v: Vars) => ({ input: { file: null, bankId: v.target, dryRun: false } }),
    fileAt: 'variables.input.file',
    file: (v: Vars) => ({ name: 'file', filename: 'item.xml', contentType: 'application/xml', data: itemOf(v.text) }),
    rest: {
      'POST /qti/import': (v: Vars) => ({ path: '/qti/import', multipart: [{ name: 'bankId', value: String(v.target) }, { name: 'dryRun', value: 'false' },
        { name: 'file', filename: 'item.xml', contentType: 'application/xml', data: itemOf(v.text) }] }),
    },
    expect: { own: 'AAAFF', other: 'AANFF' },
    given: async (w, c) => ({ target: await bank(w, c), text: uniq('QTI question') }),
    changed: async (w, v) => (await w.ds.query('SELECT 1 FROM bank_questions WHERE bank_id = $1 AND question_text = $2', [v.target, v.text])).length > 0,
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
];
