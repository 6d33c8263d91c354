import { randomUUID } from 'node:crypto';
import { GradingWorld, code, gradingWorld } from '../../test/grading.fixtures';
import { applicationActor } from '../../policies/actor';
import { SCOPES } from '../../policies/credentials';
import { can } from '../../policies';
import { makeUser } from '../../test/factories';
import { Role } from '../../core/role';
import { statisticsOf } from './question-banks.repository.statistics';
import { walkConnection } from '../../test/walk-connection';
import { PAGE_TEXT } from '../../core/paging';

/**
 * Question banks (issue 30): the owner, the subject's other teachers as shared (read, or edit), SuperAdmin and
 * Admin; never students, parents or applications; questions checked as the editor checks them (a refusal names
 * the question's number, nothing is written); the list and a bank page in a fixed number of statements.
 * teacher2@ also teaches MATH-5A here (gradingWorld), so is a teacher of the subject; "outsider" teaches nothing.
 */
let w: GradingWorld;
let mathematics: string;
let demoBank: string;
beforeAll(async () => {
  w = await gradingWorld();
  [{ subject_id: mathematics }] = await w.t.ds.query('SELECT subject_id FROM courses WHERE id = $1', [w.math]);
  [{ id: demoBank }] = await w.t.ds.query(`SELECT id FROM question_banks WHERE name = 'Algebra basics'`);
}, 60_000);
afterAll(() => w.t.close());

const LIST = '{ questionBanks { totalCount nodes { id name ownerName sharing canEdit canManage questionCount tags subject { name } } } }';
const BANK = `query($id: ID!) { questionBank(id: $id) { id name questionCount tags
  questions { id type questionText points tags options { id text isCorrect } acceptedAnswers { answer weight } partialMarking { enabled penaltyPerWrong }
    usedIn { assessmentId title linked drawn } statistics { answered } } } }`;
const CREATE = 'mutation($input: CreateQuestionBankInput!) { createQuestionBank(input: $input) { id name sharing canEdit canManage } }';
const UPDATE = 'mutation($input: UpdateQuestionBankInput!) { updateQuestionBank(input: $input) { id name sharing version } }';
const ADD = 'mutation($input: AddBankQuestionsInput!) { addBankQuestions(input: $input) { id position tags version } }';
const EDIT_Q = 'mutation($input: UpdateBankQuestionInput!) { updateBankQuestion(input: $input) { id questionText version } }';
const MOVE = 'mutation($input: MoveBankQuestionsInput!) { moveBankQuestions(input: $input) { id bankId } }';
const DELETE = 'mutation($id: ID!) { deleteQuestionBank(id: $id) }';

const mcq = (text: string, tags: string[] = []) => ({
  type: 'MCQ',
  questionText: text,
  points: 2,
  tags,
  options: [{ text: 'Yes', isCorrect: true }, { text: 'No' }],
});
const newBank = async (name: string, sharing = 'PRIVATE', token = w.tok.teacher) => {
  const r = await w.t.gql(CREATE, { input: { name, subjectId: mathematics, sharing } }, token);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.createQuestionBank.id as string;
};
const names = (r: { data: { questionBanks: { nodes: Array<{ name: string }> } } }) => r.data.questionBanks.nodes.map((b) => b.name);

describe('who reads and changes a bank', () => {
  it('the demo bank: its owner edits; a teacher of the subject reads it (shared READ); an outsider, students and parents never reach it', async () => {
    const mine = (await w.t.gql(LIST, {}, w.tok.teacher)).data.questionBanks.nodes.find((b: { id: string }) => b.id === demoBank);
    expect(mine).toMatchObject({
      name: 'Algebra basics',
      sharing: 'READ',
      canEdit: true,
      canManage: true,
      questionCount: 12,
      tags: ['linear', 'quadratic'],
      subject: { name: 'Mathematics' },
    });
    const shared = (await w.t.gql(LIST, {}, w.tok.teacher2)).data.questionBanks.nodes.find((b: { id: string }) => b.id === demoBank);
    expect(shared).toMatchObject({ canEdit: false, canManage: false, ownerName: w.name.teacher });
    expect(names(await w.t.gql(LIST, {}, w.tok.outsider))).not.toContain('Algebra basics');
    expect(code(await w.t.gql(BANK, { id: demoBank }, w.tok.outsider))).toEqual(['NOT_FOUND', 'Question bank not found']);
    for (const who of ['student', 'parent']) {
      expect(code(await w.t.gql(LIST, {}, w.tok[who]))[0]).toBe('FORBIDDEN');
      expect(code(await w.t.gql(BANK, { id: demoBank }, w.tok[who]))).toEqual(['NOT_FOUND', 'Question bank not found']);
      expect((await w.t.rest('GET', `/question-banks/${demoBank}`, { token: w.tok[who] })).status).toBe(404);
    }
    // the keys are there for its readers
    const page = (await w.t.gql(BANK, { id: demoBank }, w.tok.teacher2)).data.questionBank;
    expect(page.questions).toHaveLength(12);
    expect(page.questions[0].options.some((o: { isCorrect: boolean }) => o.isCorrect)).toBe(true);
    const admin = await w.t.gql(BANK, { id: demoBank }, w.tok.admin);
    expect(admin.data.questionBank.questions).toHaveLength(12);
  });

  it("sharing decides: PRIVATE for the owner only, EDIT lets the subject's teachers change questions but never rename, share or delete", async () => {
    const id = await newBank('Geometry private');
    expect(names(await w.t.gql(LIST, {}, w.tok.teacher2))).not.toContain('Geometry private');
    expect(code(await w.t.gql(ADD, { input: { bankId: id, questions: [mcq('Square?')] } }, w.tok.teacher2))[0]).toBe('NOT_FOUND');
    await w.t.gql(UPDATE, { input: { id, sharing: 'EDIT' } }, w.tok.teacher);
    const listed = (await w.t.gql(LIST, {}, w.tok.teacher2)).data.questionBanks.nodes.find((b: { id: string }) => b.id === id);
    expect(listed).toMatchObject({ canEdit: true, canManage: false });
    const added = await w.t.gql(
      ADD,
      { input: { bankId: id, questions: [mcq('Square?', ['shapes', 'shapes', ' angles '])] } },
      w.tok.teacher2,
    );
    expect(added.data.addBankQuestions[0]).toMatchObject({ position: 1, tags: ['shapes', 'angles'] });
    expect(code(await w.t.gql(UPDATE, { input: { id, name: 'Mine now' } }, w.tok.teacher2))[0]).toBe('FORBIDDEN');
    expect(code(await w.t.gql(DELETE, { id }, w.tok.teacher2))[0]).toBe('FORBIDDEN');
    await w.t.gql(UPDATE, { input: { id, sharing: 'READ' } }, w.tok.teacher);
    expect(code(await w.t.gql(ADD, { input: { bankId: id, questions: [mcq('Circle?')] } }, w.tok.teacher2))).toEqual([
      'FORBIDDEN',
      'You may read this bank but not change its questions',
    ]);
  });

  it('only a teacher of the subject creates a bank of it; SuperAdmin and Admin read every bank but make none', async () => {
    expect(code(await w.t.gql(CREATE, { input: { name: 'X', subjectId: mathematics } }, w.tok.outsider))).toEqual([
      'FORBIDDEN',
      'Only a teacher of the subject can create a bank of it',
    ]);
    expect(code(await w.t.gql(CREATE, { input: { name: 'X', subjectId: mathematics } }, w.tok.admin))[0]).toBe('FORBIDDEN');
    expect(code(await w.t.gql(CREATE, { input: { name: 'X', subjectId: mathematics } }, w.tok.student))[0]).toBe('FORBIDDEN');
    expect(code(await w.t.gql(CREATE, { input: { name: '  ', subjectId: mathematics } }, w.tok.teacher))).toEqual([
      'VALIDATION',
      'Bank name is required',
    ]);
    const id = await newBank('Seen by admin');
    const adminList = await w.t.gql(LIST, {}, w.tok.admin);
    expect(adminList.errors).toBeUndefined();
    expect(names(adminList)).toContain('Seen by admin');
    expect((await w.t.gql(UPDATE, { input: { id, name: 'Renamed by admin' } }, w.tok.admin)).data.updateQuestionBank.name).toBe(
      'Renamed by admin',
    );
  });

  it('applications never read a bank (keys live there), whatever their scopes', () => {
    const facts = { ownerId: randomUUID(), sharing: 'edit' as const, viewerTeachesSubject: true };
    for (const scopes of [[SCOPES.schoolRead], [SCOPES.gradebookRead], [SCOPES.rosterRead]]) {
      const app = applicationActor({ id: randomUUID(), name: 'app', scopes });
      expect([can(app, 'questionBank.use'), can(app, 'questionBank.read', facts), can(app, 'questionBank.edit', facts)]).toEqual([
        false,
        false,
        false,
      ]);
      expect(() => w.t.services.questionBanks.list(app)).toThrow('Only teachers, SuperAdmin and Admin use question banks');
    }
  });
});

describe('questions', () => {
  it('are checked as the assessment editor checks them: a refusal names the question, and nothing is written', async () => {
    const id = await newBank('Checked');
    const bad = await w.t.gql(
      ADD,
      {
        input: {
          bankId: id,
          questions: [mcq('Fine'), { type: 'MCQ', questionText: 'One option', options: [{ text: 'A', isCorrect: true }] }],
        },
      },
      w.tok.teacher,
    );
    expect(code(bad)).toEqual(['VALIDATION', 'Question 2: A multiple-choice question needs at least two options']);
    const short = await w.t.gql(
      ADD,
      { input: { bankId: id, questions: [{ type: 'SHORT_ANSWER', questionText: 'Capital?' }] } },
      w.tok.teacher,
    );
    expect(code(short)).toEqual(['VALIDATION', 'Question 1: A short-answer question needs at least one accepted answer']);
    expect((await w.t.ds.query('SELECT count(*)::int AS n FROM bank_questions WHERE bank_id = $1', [id]))[0].n).toBe(0);
    // and through the service other helpers call (the QTI import), in one transaction
    await expect(
      w.t.services.questionBanks.addQuestions(
        { userId: w.id.teacher, role: 'Teacher', activeRole: 'Teacher', impersonating: false, sessionId: '', childIds: [] } as never,
        id,
        [mcq('A'), mcq('')],
      ),
    ).rejects.toThrow('Question 2: Question text is required');
    expect((await w.t.ds.query('SELECT count(*)::int AS n FROM bank_questions WHERE bank_id = $1', [id]))[0].n).toBe(0);
  });

  it('edits carry a version check, move between banks the teacher may edit, and a bank some draw uses is not deleted', async () => {
    const a = await newBank('Move from');
    const b = await newBank('Move to');
    const [q1, q2] = (await w.t.gql(ADD, { input: { bankId: a, questions: [mcq('One'), mcq('Two')] } }, w.tok.teacher)).data
      .addBankQuestions;
    const edited = await w.t.gql(EDIT_Q, { input: { id: q1.id, version: q1.version, ...mcq('One, edited') } }, w.tok.teacher);
    expect(edited.data.updateBankQuestion).toMatchObject({ questionText: 'One, edited', version: 2 });
    expect(code(await w.t.gql(EDIT_Q, { input: { id: q1.id, version: 1, ...mcq('Stale') } }, w.tok.teacher))[0]).toBe('CONFLICT');
    const moved = await w.t.gql(MOVE, { input: { ids: [q2.id], toBankId: b } }, w.tok.teacher);
    expect(moved.data.moveBankQuestions).toEqual([{ id: q2.id, bankId: b }]);
    // teacher2 may read the demo bank only: moving into it is refused
    expect(code(await w.t.gql(MOVE, { input: { ids: [q1.id], toBankId: demoBank } }, w.tok.teacher2))[0]).toBe('FORBIDDEN');
    const item = await w.item();
    await w.t.gql(
      'mutation($i: UpdateAssessmentInput!) { updateAssessment(input: $i) { id } }',
      { i: { id: item.id, randomDraws: [{ bankId: a, count: 1 }] } },
      w.tok.teacher,
    );
    expect(code(await w.t.gql(DELETE, { id: a }, w.tok.teacher))).toEqual([
      'CONFLICT',
      'This bank is drawn from by 1 assessment: remove those random draws first',
    ]);
    expect((await w.t.gql(DELETE, { id: b }, w.tok.teacher)).data.deleteQuestionBank).toBe(true);
  });
});

describe('statements', () => {
  it('the bank list and a bank page run a fixed number of statements as banks, questions and uses grow', async () => {
    const measure = async () => ({
      list: (await w.t.gql(LIST, {}, w.tok.teacher)).sql,
      page: (await w.t.gql(BANK, { id: bankId }, w.tok.teacher)).sql,
      rest: (await w.t.rest('GET', `/question-banks/${bankId}`, { token: w.tok.teacher })).sql,
    });
    const bankId = await newBank('Counted');
    await w.t.gql(ADD, { input: { bankId, questions: [mcq('q1', ['t'])] } }, w.tok.teacher);
    const small = await measure();
    for (let i = 0; i < 4; i++) await newBank(`Counted more ${i}`, 'READ');
    const many = Array.from({ length: 20 }, (_, i) => mcq(`q${i + 2}`, [`t${i % 3}`]));
    const added = (await w.t.gql(ADD, { input: { bankId, questions: many } }, w.tok.teacher)).data.addBankQuestions;
    const item = await w.item();
    await w.t.gql(
      'mutation($i: AddQuestionsFromBankInput!) { addQuestionsFromBank(input: $i) { id } }',
      { i: { assessmentId: item.id, bankQuestionIds: added.slice(0, 10).map((q: { id: string }) => q.id), link: true } },
      w.tok.teacher,
    );
    const large = await measure();
    expect(large).toEqual(small);
    const page = (await w.t.gql(BANK, { id: bankId }, w.tok.teacher)).data.questionBank;
    expect(page.questions).toHaveLength(21);
    expect(page.questions[1].usedIn).toEqual([{ assessmentId: item.id, title: expect.any(String), linked: true, drawn: false }]);
    const rest = await w.t.rest('GET', `/question-banks/${bankId}`, { token: w.tok.teacher });
    expect(rest.body.data.questions[1]).toMatchObject({
      usedIn: [{ assessmentId: item.id, linked: true }],
      statistics: null,
      options: [
        { text: 'Yes', isCorrect: true },
        { text: 'No', isCorrect: false },
      ],
    });
  });
});

describe('item statistics', () => {
  it('difficulty, discrimination (upper 27% minus lower 27% by total) and option counts over every copy, in one statement', async () => {
    const bankId = await newBank('Statistics');
    const [bq] = (await w.t.gql(ADD, { input: { bankId, questions: [mcq('Is 2 even?')] } }, w.tok.teacher)).data.addBankQuestions;
    const FROM =
      'mutation($i: AddQuestionsFromBankInput!) { addQuestionsFromBank(input: $i) { questions { id bankQuestionId options { id text } } } }';
    const item = await w.item();
    const q = (
      await w.t.gql(FROM, { i: { assessmentId: item.id, bankQuestionIds: [bq.id], link: false } }, w.tok.teacher)
    ).data.addQuestionsFromBank.questions.find((x: { bankQuestionId: string }) => x.bankQuestionId === bq.id);
    const yes = q.options.find((o: { text: string }) => o.text === 'Yes').id;
    const no = q.options.find((o: { text: string }) => o.text === 'No').id;
    const none = await statisticsOf(w.t.ds, [bankId]);
    expect(none.size).toBe(0);
    // ten handed-in answers: the students with the best totals chose right (2 of 2), the weakest wrong (0)
    for (let i = 0; i < 10; i++) {
      const u = await makeUser(w.t.ds, { role: Role.Student });
      const right = i >= 4;
      const [s] = await w.t.ds.query(
        `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score, total_score) VALUES ($1, $2, 'graded', now(), 10, $3) RETURNING id`,
        [item.id, u.id, i],
      );
      await w.t.ds.query(
        "INSERT INTO submission_answers (submission_id, question_id, answer, selected_option_ids) VALUES ($1, $2, '', $3::uuid[])",
        [s.id, q.id, [right ? yes : no]],
      );
      await w.t.ds.query(
        'INSERT INTO grades (submission_id, question_id, score, auto_score, is_auto_graded) VALUES ($1, $2, $3, $3, true)',
        [s.id, q.id, right ? 2 : 0],
      );
    }
    const stats = (await statisticsOf(w.t.ds, [bankId])).get(bq.id)!;
    expect(stats).toMatchObject({ answered: 10, graded: 10, averageScore: 1.2, difficulty: 0.6, discrimination: 1 });
    expect(stats.options.map((o) => [o.text, o.chosen])).toEqual([
      ['Yes', 6],
      ['No', 4],
    ]);
    const page = await w.t.gql(
      `query($id: ID!) { questionBank(id: $id) { questions { statistics { answered difficulty discrimination options { text chosen } } } } }`,
      { id: bankId },
      w.tok.teacher,
    );
    expect(page.data.questionBank.questions[0].statistics).toMatchObject({ answered: 10, difficulty: 0.6, discrimination: 1 });
  });
});

describe('paging and bounds', () => {
  it('the bank list pages by name (each bank once, two statements a page) and REST windows it with X-Total-Count', async () => {
    for (let i = 0; i < 5; i++) await newBank(`Paged ${i}`);
    const PAGE =
      'query($first: Int, $after: String) { questionBanks(first: $first, after: $after) { totalCount nodes { id } edges { node { id } } pageInfo { hasNextPage hasPreviousPage endCursor } } }';
    const walk = await walkConnection((p) => w.t.gql(PAGE, p, w.tok.teacher), 'questionBanks', 2);
    expect(new Set(walk.ids).size).toBe(walk.ids.length);
    expect(walk.ids.length).toBe(walk.total);
    expect(walk.pages).toBeGreaterThan(2);
    expect(walk.statements.size).toBe(1);
    const rest = await w.t.rest('GET', '/question-banks?limit=2&offset=2', { token: w.tok.teacher });
    expect(rest.headers.get('x-total-count')).toBe(String(walk.total));
    expect(rest.body.data.map((b: { _id?: string; id?: string }) => b._id ?? b.id)).toEqual(walk.ids.slice(2, 4));
    expect(code(await w.t.gql(PAGE, { first: 501 }, w.tok.teacher))).toEqual(['VALIDATION', PAGE_TEXT.firstRange(500)]);
  });

  it('a bank holds at most 2,000 questions: an addition past that is refused and writes nothing', async () => {
    const bankId = await newBank('Nearly full');
    const many = (n: number, from: number) => Array.from({ length: n }, (_, i) => mcq(`full ${from + i}`));
    expect((await w.t.gql(ADD, { input: { bankId, questions: many(2000, 0) } }, w.tok.teacher)).errors).toBeUndefined();
    expect(code(await w.t.gql(ADD, { input: { bankId, questions: many(1, 2000) } }, w.tok.teacher))).toEqual([
      'VALIDATION',
      'A bank holds at most 2000 questions; this one holds 2000',
    ]);
    const [{ n }] = await w.t.ds.query('SELECT count(*)::int AS n FROM bank_questions WHERE bank_id = $1', [bankId]);
    expect(n).toBe(2000);
  }, 60_000);
});
