import { Row, Vars, row, uniq } from './matrix';
import { World, exists } from './world';
import { fresh } from './assessments.rows';

/**
 * Question banks (issue 30): a bank is read by its owner, by the other teachers of its subject when shared (to
 * read, or to edit too), and by SuperAdmin and Admin; never by a student or a parent, who are refused the lists
 * and told a bank does not exist. Cases, from teacher@'s side (who teaches Mathematics and Science):
 * "own", teacher@'s private Mathematics bank; "sharedRead" and "sharedEdit", teacher2@'s Mathematics banks shared
 * to read and to edit; "private", teacher2@'s private Mathematics bank; "otherSubject", teacher2@'s Art bank
 * shared to edit (a teacher of another subject). Rows write fresh banks with plain SQL.
 */
const OWNER: Record<string, 'me' | 'teacher2'> = {
  own: 'me',
  sharedRead: 'teacher2',
  sharedEdit: 'teacher2',
  private: 'teacher2',
  otherSubject: 'teacher2',
};
const SHARING: Record<string, string> = {
  own: 'private',
  sharedRead: 'read',
  sharedEdit: 'edit',
  private: 'private',
  otherSubject: 'edit',
};

/** A fresh bank of the case with one MCQ question; its id and the question's. */
async function bank(w: World, c: string): Promise<{ bank: string; question: string }> {
  const owner = OWNER[c] === 'me' ? w.me.Teacher : w.teacher2;
  const subject = c === 'otherSubject' ? w.subject.Art : w.subject.Mathematics;
  const [{ id }] = await w.ds.query(
    'INSERT INTO question_banks (owner_id, subject_id, name, sharing) VALUES ($1, $2, $3, $4) RETURNING id',
    [owner, subject, uniq('Bank'), SHARING[c]],
  );
  const [{ id: question }] = await w.ds.query(
    `INSERT INTO bank_questions (bank_id, type, question_text, points, position, tags) VALUES ($1, 'MCQ', 'Two plus two?', 1, 1, '{sums}') RETURNING id`,
    [id],
  );
  await w.ds.query(
    `INSERT INTO bank_question_options (bank_question_id, text, is_correct, position) VALUES ($1, '4', true, 1), ($1, '5', false, 2)`,
    [question],
  );
  return { bank: id, question };
}

const QUESTION = {
  type: 'MCQ',
  questionText: 'Three plus one?',
  points: 1,
  options: [
    { text: '4', isCorrect: true },
    { text: '3', isCorrect: false },
  ],
};
const has = async (w: World, sql: string, params: unknown[]) => ((await w.ds.query(sql, params)) as unknown[]).length > 0;

/** Read one bank: its readers; students and parents never learn that it exists. */
const READS = { own: 'AAANN', sharedRead: 'AAANN', private: 'AANNN', otherSubject: 'AANNN' };
/** Change its questions: as READS, a reader who may not edit is refused. */
const EDITS = { own: 'AAANN', sharedRead: 'AAFNN', sharedEdit: 'AAANN', otherSubject: 'AANNN' };
/** Rename, share or delete it: its owner, SuperAdmin and Admin. */
const MANAGES = { own: 'AAANN', sharedEdit: 'AAFNN', private: 'AANNN' };

export const questionBanksRows: Row<any>[] = [
  row({
    gql: 'Query.questionBanks',
    query: '{ questionBanks { nodes { id } } }',
    rest: { 'GET /question-banks': () => ({ path: '/question-banks' }) },
    // students and parents are refused the list itself; a teacher's leaves out banks not theirs to read
    expect: { own: 'AAAFF', sharedRead: 'AAAFF', private: 'AAEFF', otherSubject: 'AAEFF' },
    given: async (w, c) => ({ target: (await bank(w, c)).bank }),
  }),
  row({
    gql: 'Query.questionBank',
    query: 'query($id: ID!) { questionBank(id: $id) { id questions { id options { isCorrect } } } }',
    variables: (v: Vars) => ({ id: v.id }),
    rest: { 'GET /question-banks/:id': (v: Vars) => ({ path: `/question-banks/${v.id}` }) },
    expect: READS,
    given: async (w, c) => {
      const b = await bank(w, c);
      return { id: b.bank, target: b.question };
    },
  }),
  row({
    gql: 'Mutation.createQuestionBank',
    query: 'mutation($input: CreateQuestionBankInput!) { createQuestionBank(input: $input) { id } }',
    variables: (v: Vars) => ({ input: { name: v.name, subjectId: v.subject, sharing: 'READ' } }),
    rest: {
      'POST /question-banks': (v: Vars) => ({ path: '/question-banks', body: { name: v.name, subjectId: v.subject, sharing: 'read' } }),
    },
    // a bank belongs to a teacher of its subject: SuperAdmin and Admin read every bank but make none
    expect: { taught: 'FFAFF', notTaught: 'FFFFF' },
    given: async (w, c) => ({ name: uniq('New bank'), subject: c === 'taught' ? w.subject.Mathematics : w.subject.Art }),
    changed: (w, v) => has(w, 'SELECT 1 FROM question_banks WHERE name = $1', [v.name]),
  }),
  row({
    gql: 'Mutation.updateQuestionBank',
    query: 'mutation($input: UpdateQuestionBankInput!) { updateQuestionBank(input: $input) { id } }',
    variables: (v: Vars) => ({ input: { id: v.id, name: v.name } }),
    rest: { 'PUT /question-banks/:id': (v: Vars) => ({ path: `/question-banks/${v.id}`, body: { name: v.name } }) },
    expect: MANAGES,
    given: async (w, c) => {
      const b = await bank(w, c);
      return { id: b.bank, target: b.bank, name: uniq('Renamed') };
    },
    changed: (w, v) => has(w, 'SELECT 1 FROM question_banks WHERE id = $1 AND name = $2', [v.id, v.name]),
  }),
  row({
    gql: 'Mutation.deleteQuestionBank',
    query: 'mutation($id: ID!) { deleteQuestionBank(id: $id) }',
    variables: (v: Vars) => ({ id: v.id }),
    rest: { 'DELETE /question-banks/:id': (v: Vars) => ({ path: `/question-banks/${v.id}` }) },
    expect: MANAGES,
    given: async (w, c) => {
      const b = await bank(w, c);
      return { id: b.bank };
    },
    changed: async (w, v) => !(await exists(w, 'question_banks', v.id)),
  }),
  row({
    gql: 'Mutation.addBankQuestions',
    query: 'mutation($input: AddBankQuestionsInput!) { addBankQuestions(input: $input) { id } }',
    variables: (v: Vars) => ({ input: { bankId: v.id, questions: [QUESTION] } }),
    rest: {
      'POST /question-banks/:id/questions': (v: Vars) => ({ path: `/question-banks/${v.id}/questions`, body: { questions: [QUESTION] } }),
    },
    expect: EDITS,
    given: async (w, c) => {
      const b = await bank(w, c);
      return { id: b.bank };
    },
    changed: (w, v) => has(w, `SELECT 1 FROM bank_questions WHERE bank_id = $1 AND question_text = 'Three plus one?'`, [v.id]),
  }),
  row({
    gql: 'Mutation.updateBankQuestion',
    query: 'mutation($input: UpdateBankQuestionInput!) { updateBankQuestion(input: $input) { id } }',
    variables: (v: Vars) => ({ input: { id: v.id, ...QUESTION } }),
    rest: { 'PUT /bank-questions/:id': (v: Vars) => ({ path: `/bank-questions/${v.id}`, body: QUESTION }) },
    expect: EDITS,
    given: async (w, c) => {
      const b = await bank(w, c);
      return { id: b.question, target: b.question };
    },
    changed: (w, v) => has(w, `SELECT 1 FROM bank_questions WHERE id = $1 AND question_text = 'Three plus one?'`, [v.id]),
  }),
  row({
    gql: 'Mutation.deleteBankQuestion',
    query: 'mutation($id: ID!) { deleteBankQuestion(id: $id) }',
    variables: (v: Vars) => ({ id: v.id }),
    rest: { 'DELETE /bank-questions/:id': (v: Vars) => ({ path: `/bank-questions/${v.id}` }) },
    expect: EDITS,
    given: async (w, c) => {
      const b = await bank(w, c);
      return { id: b.question };
    },
    changed: async (w, v) => !(await exists(w, 'bank_questions', v.id)),
  }),
  row({
    gql: 'Mutation.moveBankQuestions',
    query: 'mutation($input: MoveBankQuestionsInput!) { moveBankQuestions(input: $input) { id } }',
    variables: (v: Vars) => ({ input: { ids: [v.id], toBankId: v.to } }),
    rest: { 'POST /bank-questions/move': (v: Vars) => ({ path: '/bank-questions/move', body: { ids: [v.id], toBankId: v.to } }) },
    // into a bank of teacher@'s own, out of the case's bank
    expect: EDITS,
    given: async (w, c) => {
      const b = await bank(w, c);
      const to = await bank(w, 'own');
      return { id: b.question, target: b.question, to: to.bank };
    },
    changed: (w, v) => has(w, 'SELECT 1 FROM bank_questions WHERE id = $1 AND bank_id = $2', [v.id, v.to]),
  }),
  row({
    gql: 'Mutation.saveQuestionsToBank',
    query: 'mutation($input: SaveQuestionsToBankInput!) { saveQuestionsToBank(input: $input) { id } }',
    variables: (v: Vars) => ({ input: { assessmentId: v.item, bankId: v.bank } }),
    rest: {
      'POST /assessments/:id/save-to-bank': (v: Vars) => ({ path: `/assessments/${v.item}/save-to-bank`, body: { bankId: v.bank } }),
    },
    // the item's teachers only (SuperAdmin and Admin change nothing in courses), into a bank they may edit
    expect: { own: 'FFAFN', sharedRead: 'FFFFN', otherItem: 'FFNNN' },
    given: async (w, c) => ({
      item: await fresh(w, 'ASSIGNMENT', c === 'otherItem' ? 'other' : 'own'),
      bank: (await bank(w, c === 'otherItem' ? 'own' : c)).bank,
    }),
    changed: (w, v) => has(w, `SELECT 1 FROM bank_questions WHERE bank_id = $1 AND question_text = 'Why?'`, [v.bank]),
  }),
  row({
    gql: 'Mutation.addQuestionsFromBank',
    query: 'mutation($input: AddQuestionsFromBankInput!) { addQuestionsFromBank(input: $input) { id } }',
    variables: (v: Vars) => ({ input: { assessmentId: v.item, bankQuestionIds: [v.question], link: true } }),
    rest: {
      'POST /assessments/:id/from-bank': (v: Vars) => ({
        path: `/assessments/${v.item}/from-bank`,
        body: { bankQuestionIds: [v.question], link: true },
      }),
    },
    // reading the bank is enough; a bank the teacher may not read does not exist for them
    expect: { own: 'FFAFN', sharedRead: 'FFAFN', private: 'FFNFN' },
    given: async (w, c) => {
      const b = await bank(w, c);
      return { item: await fresh(w, 'ASSIGNMENT', 'own'), question: b.question };
    },
    changed: (w, v) => has(w, 'SELECT 1 FROM questions WHERE assessment_id = $1 AND bank_question_id = $2', [v.item, v.question]),
  }),
];
