import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { ID_FIELD, MadeItem, REST_PATH, SUBMIT, VIEW, makeItem, perfect } from '../../test/submissions.fixtures';

/**
 * Taking assessments (issue 12) through both transports: automatic grading at submit, the due rule on the
 * server clock, Resubmit of reopened work, result visibility on the raw JSON a student receives, drafts.
 */
let t: TestServer;
const tok: Record<string, string> = {};
const id: Record<string, string> = {};
let math: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'teacher2', 'student', 'student2', 'parent', 'admin']) {
    tok[who] = await t.login(`${who}@demo.school`);
    [{ id: id[who] }] = await t.ds.query('SELECT id FROM users WHERE email = $1', [`${who}@demo.school`]);
  }
  [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
}, 60_000);
afterAll(() => t.close());

const item = (o: Parameters<typeof makeItem>[3] = {}) => makeItem(t, tok.teacher, { courseId: math }, o);
const submitGql = (i: MadeItem, answers: unknown[], token = tok.student) =>
  t.gql(SUBMIT, { input: { assessmentId: i.id, answers } }, token);
const submitRest = (i: MadeItem, answers: unknown[], token = tok.student) =>
  t.rest('POST', REST_PATH[i.kind], { token, body: { [ID_FIELD[i.kind]]: i.id, answers: JSON.stringify(answers) } });
const view = async (i: MadeItem, token = tok.student) => {
  const r = await t.gql(VIEW, { id: i.id }, token);
  expect(r.errors).toBeUndefined();
  return r.data.assessment;
};
const code = (r: { errors?: Array<{ message: string; extensions?: { code?: string } }> }) => [
  r.errors?.[0]?.extensions?.code,
  r.errors?.[0]?.message,
];
const count = async (sql: string, params: unknown[]) => (await t.ds.query(sql, params))[0].n as number;

describe('submit and automatic grading', () => {
  it('grades automatic questions at submit in the same transaction, each grade with its explanation', async () => {
    const i = await item({ autoOnly: true });
    const r = await submitGql(i, [
      { questionId: i.mcq.id, selectedOptionIds: [i.mcq.right[0], i.mcq.wrong] },
      { questionId: i.short, answer: 'paree' },
    ]);
    expect(r.errors).toBeUndefined();
    // MCQ 4 x 1/2 - 4 x 25% = 1; ShortAnswer 2 x 50% = 1
    expect(r.data.submitAssessment).toMatchObject({ status: 'GRADED', totalScore: 2, maxScore: 6, percentage: 33, resultsVisible: true });
    const grades = await t.ds.query(
      `SELECT g.score::float8 AS score, g.is_auto_graded, g.explanation FROM grades g JOIN questions q ON q.id = g.question_id
        WHERE g.submission_id = $1 ORDER BY q.sort_order`,
      [r.data.submitAssessment.id],
    );
    expect(grades.map((g: any) => [g.score, g.is_auto_graded])).toEqual([
      [1, true],
      [1, true],
    ]);
    expect(grades[0].explanation).toMatchObject({
      rightOptionIds: [i.mcq.right[0]],
      wrongOptionIds: [i.mcq.wrong],
      missedOptionIds: [i.mcq.right[1]],
    });
    expect(grades[1].explanation).toMatchObject({ matchedAnswer: 'Paree', matchedWeight: 50 });
  });

  it('a long answer waits for the teacher: pending, graded only when every question has a grade', async () => {
    const i = await item();
    const r = await submitRest(
      i,
      perfect(i).map((a: any) => ({ ...a, selectedOptions: a.selectedOptionIds, selectedOptionIds: undefined })),
    );
    expect([r.status, r.body.message, r.body.data.status]).toEqual([201, 'Assignment submitted successfully!', 'pending']);
    expect(await count('SELECT count(*)::int AS n FROM grades WHERE submission_id = $1', [r.body.data._id])).toBe(2);
    expect(await count('SELECT count(*)::int AS n FROM submission_answers WHERE submission_id = $1', [r.body.data._id])).toBe(3);
  });

  it('REST accepts selectedOptions as option texts, as the spec sends them', async () => {
    const i = await item({ autoOnly: true });
    const r = await submitRest(i, [
      { questionId: i.mcq.id, selectedOptions: ['2', '4'] },
      { questionId: i.short, answer: 'Paris' },
    ]);
    expect([r.status, r.body.data.totalScore, r.body.data.answers[0].selectedOptions]).toEqual([201, 6, ['2', '4']]);
  });

  it('refuses answers that do not fit the item, and non-students, writing nothing', async () => {
    const i = await item({ autoOnly: true });
    const other = await item({ autoOnly: true });
    expect(code(await submitGql(i, [{ questionId: other.short, answer: 'x' }]))).toEqual([
      'VALIDATION',
      'An answer names a question that is not part of this item',
    ]);
    expect(code(await submitGql(i, [{ questionId: i.mcq.id, selectedOptionIds: [other.mcq.wrong] }]))).toEqual([
      'VALIDATION',
      'A selected option is not an option of its question',
    ]);
    expect(code(await submitGql(i, [{ questionId: i.short }, { questionId: i.short }]))).toEqual([
      'VALIDATION',
      'Each question can be answered only once',
    ]);
    expect(code(await submitGql(i, [], tok.teacher))).toEqual(['FORBIDDEN', 'Only students can submit work']);
    expect((await submitRest(i, [], tok.parent)).status).toBe(403);
    expect(await count('SELECT count(*)::int AS n FROM submissions WHERE assessment_id = $1', [i.id])).toBe(0);
  });
});

describe('the due rule on the server clock', () => {
  it('refuses after the due date on both transports, and shows Overdue with submit disabled', async () => {
    const i = await item({ dueInHours: -1 });
    expect(code(await submitGql(i, perfect(i)))).toEqual([
      'FORBIDDEN',
      'Overdue: the due date has passed. You can no longer submit your work.',
    ]);
    expect((await submitRest(i, perfect(i))).status).toBe(403);
    expect(await count('SELECT count(*)::int AS n FROM submissions WHERE assessment_id = $1', [i.id])).toBe(0);
    expect((await view(i)).myStatus).toMatchObject({
      status: 'OVERDUE',
      label: 'Overdue',
      opensOn: 'SUBMIT',
      isOverdue: true,
      canSubmit: false,
      submissionId: null,
    });
  });

  it('a second submit is a CONFLICT, already submitted', async () => {
    const i = await item({ autoOnly: true, kind: 'EXAM' });
    expect((await submitGql(i, perfect(i))).errors).toBeUndefined();
    expect(code(await submitGql(i, perfect(i)))).toEqual(['CONFLICT', 'You have already submitted this exam']);
    const rest = await submitRest(i, perfect(i));
    expect([rest.status, rest.body.message]).toEqual([409, 'You have already submitted this exam']);
  });

  it('reopened before its customDueDate: Resubmit replaces answers and automatic grades, keeps the feedback history', async () => {
    const i = await item({ dueInHours: -2 });
    await t.ds.query(`UPDATE assessments SET due_date = date_trunc('minute', now() + interval '1 hour') WHERE id = $1`, [i.id]);
    const first = await submitGql(i, perfect(i));
    const sid = first.data.submitAssessment.id;
    await t.ds.query(
      `UPDATE grades SET score = 5, feedback = 'Good reasoning', is_auto_graded = false WHERE submission_id = $1 AND question_id = $2`,
      [sid, i.mcq.id],
    );
    await t.ds.query(`UPDATE assessments SET due_date = date_trunc('minute', now() - interval '1 day') WHERE id = $1`, [i.id]);
    // not reopened: the due date has passed and it was submitted
    expect(code(await submitGql(i, perfect(i)))[0]).toBe('CONFLICT');
    await t.ds.query(`UPDATE submissions SET allowed_after_due = true, custom_due_date = now() + interval '1 day' WHERE id = $1`, [sid]);
    const before = (await view(i)).myStatus;
    expect(before).toMatchObject({
      status: 'REOPENED',
      label: 'Reopened (Pending)',
      courseLabel: 'Reopened (Pending)',
      opensOn: 'SUBMIT',
      courseOpensOn: 'VIEW',
      isReopened: true,
      isExtended: true,
      canSubmit: true,
      isOverdue: false,
    });
    expect(new Date(before.dueDate).getTime()).toBeGreaterThan(Date.now());
    const again = await submitGql(i, [
      { questionId: i.mcq.id, selectedOptionIds: [i.mcq.wrong] },
      { questionId: i.short, answer: 'Lyon' },
    ]);
    expect(again.errors).toBeUndefined();
    expect(again.data.submitAssessment.id).toBe(sid);
    const answers = await t.ds.query('SELECT answer FROM submission_answers WHERE submission_id = $1 ORDER BY answer', [sid]);
    expect(answers.map((a: any) => a.answer)).toEqual(['', '', 'Lyon']);
    const grades = await t.ds.query('SELECT score::float8 AS score, is_auto_graded FROM grades WHERE submission_id = $1 ORDER BY score', [
      sid,
    ]);
    expect(grades).toEqual([
      { score: 0, is_auto_graded: true },
      { score: 0, is_auto_graded: true },
    ]);
    const history = await t.ds.query(
      'SELECT score::float8 AS score, feedback FROM grade_history WHERE submission_id = $1 ORDER BY score DESC',
      [sid],
    );
    expect(history).toEqual([
      { score: 5, feedback: 'Good reasoning' },
      { score: 2, feedback: '' },
    ]);
  });

  it('reopened with a customDueDate in the past: refused, and the page shows Overdue', async () => {
    const i = await item({ autoOnly: true });
    const sid = (await submitGql(i, perfect(i))).data.submitAssessment.id;
    await t.ds.query(
      `UPDATE submissions SET allowed_after_due = true, status = 'pending', custom_due_date = now() - interval '1 minute' WHERE id = $1`,
      [sid],
    );
    expect(code(await submitGql(i, perfect(i)))).toEqual([
      'FORBIDDEN',
      'Overdue: the due date has passed. You can no longer submit your work.',
    ]);
    expect((await view(i)).myStatus).toMatchObject({ status: 'REOPENED', isOverdue: true, canSubmit: false, isExtended: true });
  });
});

describe('result visibility: what a student receives, on both transports', () => {
  async function submitted(visibility: 'immediate' | 'scoreOnly' | 'manual', autoOnly = true) {
    const i = await item({ visibility, autoOnly });
    const r = await submitGql(i, perfect(i));
    expect(r.errors).toBeUndefined();
    const rest = await t.rest('GET', `/submissions/${r.data.submitAssessment.id}`, { token: tok.student });
    const list = await t.rest('GET', '/assignments', { token: tok.student });
    return {
      i,
      sid: r.data.submitAssessment.id,
      gql: await view(i),
      rest: rest.body.data,
      listed: list.body.data.find((x: any) => x._id === i.id),
    };
  }

  it('immediate: total, per-question grades, correct answers and explanations', async () => {
    const { gql, rest, listed } = await submitted('immediate');
    expect(gql.mySubmission).toMatchObject({
      totalScore: 6,
      percentage: 100,
      resultsVisible: true,
      gradesVisible: true,
      correctAnswersVisible: true,
    });
    expect(gql.mySubmission.answers[0].correctOptionIds).toHaveLength(2);
    expect(gql.mySubmission.answers[1].acceptedAnswers).toEqual(['Paris', 'Paree']);
    expect(gql.mySubmission.answers[1].grade.explanation.matchedAnswer).toBe('Paris');
    expect(gql.myStatus).toMatchObject({
      status: 'COMPLETED',
      label: 'Completed',
      courseLabel: 'Graded',
      opensOn: 'VIEW',
      score: { totalScore: 6, maxScore: 6, percentage: 100, isAutoSubmitted: false },
    });
    expect(rest).toMatchObject({ totalScore: 6, percentage: 100, grades: [{ score: 4 }, { score: 2 }] });
    expect(rest.answers[0].correctOptionIds).toHaveLength(2);
    expect(rest.answers[1].grade.explanation.matchedWeight).toBe(100);
    expect(listed.myStatus.score).toEqual({ totalScore: 6, maxScore: 6, percentage: 100, isAutoSubmitted: false });
  });

  it("scoreOnly: the total and the teacher's feedback; never per-question scores or correct answers", async () => {
    const { sid, gql, rest, listed } = await submitted('scoreOnly');
    expect(gql.mySubmission).toMatchObject({ totalScore: 6, resultsVisible: true, gradesVisible: false, correctAnswersVisible: false });
    expect(gql.mySubmission.answers.every((a: any) => a.grade === null && a.correctOptionIds === null && a.acceptedAnswers === null)).toBe(
      true,
    );
    expect(gql.mySubmission.answers.map((a: any) => a.feedback)).toEqual(['', '']);
    expect(rest.totalScore).toBe(6);
    expect(rest.grades).toEqual([
      { question: expect.any(String), feedback: '' },
      { question: expect.any(String), feedback: '' },
    ]);
    const raw = JSON.stringify(rest);
    for (const word of ['"grade"', '"score"', 'correct', 'explanation', 'Paree', 'isCorrect', 'isAutoGraded'])
      expect([word, raw.includes(word)]).toEqual([word, false]);
    expect(listed.myStatus.score.totalScore).toBe(6);
    // the teacher's words reach the student on both transports (the spec: teacher feedback shows when graded)
    const q = gql.mySubmission.answers[1].questionId;
    const saved = await t.rest('PUT', '/submissions/grade', {
      token: tok.teacher,
      body: { submissionId: sid, questionId: q, score: 1, feedback: 'Spelling counts' },
    });
    expect(saved.status).toBe(200);
    const again = await t.gql(
      'query($id: ID!) { submission(id: $id) { totalScore answers { questionId feedback grade { score } } } }',
      { id: sid },
      tok.student,
    );
    expect(again.data.submission).toEqual({
      totalScore: 5,
      answers: [expect.objectContaining({ feedback: '', grade: null }), { questionId: q, feedback: 'Spelling counts', grade: null }],
    });
    const r2 = (await t.rest('GET', `/submissions/${sid}`, { token: tok.student })).body.data;
    expect(r2.grades[1]).toEqual({ question: q, feedback: 'Spelling counts' });
    expect(r2.answers[1].feedback).toBe('Spelling counts');
    expect(JSON.stringify(r2)).not.toMatch(/"score"|"grade"/);
  });

  it('manual: nothing until the teacher releases, then everything', async () => {
    const { i, sid, gql, rest, listed } = await submitted('manual');
    expect(gql.mySubmission).toMatchObject({ totalScore: null, percentage: null, resultsVisible: false, gradesVisible: false });
    expect(gql.myStatus.score).toBeNull();
    const raw = JSON.stringify(rest);
    for (const word of ['totalScore', 'percentage', '"grade"', '"grades"', 'correct', 'explanation', 'Paree', 'feedback'])
      expect([word, raw.includes(word)]).toEqual([word, false]);
    expect(listed.myStatus.score).toBeNull();
    // the teacher sees it all meanwhile
    const teacher = await t.gql(
      'query($id: ID!) { submission(id: $id) { totalScore answers { grade { score } correctOptionIds } } }',
      { id: sid },
      tok.teacher,
    );
    expect(teacher.data.submission.totalScore).toBe(6);
    expect(code(await t.gql('mutation($id: ID!) { releaseResults(assessmentId: $id) { id } }', { id: i.id }, tok.student))[0]).toBe(
      'FORBIDDEN',
    );
    const rel = await t.rest('POST', '/submissions/release-results', { token: tok.teacher, body: { assignmentId: i.id } });
    expect(rel.status).toBe(200);
    const [{ name }] = await t.ds.query(`SELECT first_name || ' ' || last_name AS name FROM users WHERE email = 'teacher@demo.school'`);
    expect(rel.body.data).toMatchObject({ resultsReleasedByName: name, resultsReleasedAt: expect.any(String) });
    // released once: a second click keeps the first date and teacher
    const again = await t.gql(
      'mutation($id: ID!) { releaseResults(assessmentId: $id) { resultsReleasedAt resultsReleasedByName } }',
      { id: i.id },
      tok.teacher,
    );
    expect(again.data.releaseResults).toEqual({ resultsReleasedAt: rel.body.data.resultsReleasedAt, resultsReleasedByName: name });
    const after = await view(i);
    expect(after.mySubmission).toMatchObject({ totalScore: 6, gradesVisible: true, correctAnswersVisible: true });
    expect((await t.rest('GET', `/submissions/${sid}`, { token: tok.student })).body.data.grades).toHaveLength(2);
  });

  it('auto-submitted work: scores and feedback, never the correct answers; listed as Auto-submitted (Overdue)', async () => {
    const { i, sid } = await submitted('immediate');
    await t.ds.query(`UPDATE submissions SET is_auto_submitted = true WHERE id = $1`, [sid]);
    await t.ds.query(`UPDATE grades SET feedback = 'Late, but right' WHERE submission_id = $1`, [sid]);
    const gql = await view(i);
    expect(gql.mySubmission).toMatchObject({ totalScore: 6, gradesVisible: true, correctAnswersVisible: false });
    expect(gql.mySubmission.answers[0]).toMatchObject({
      correctOptionIds: null,
      grade: { score: 4, feedback: 'Late, but right', explanation: null },
    });
    expect(gql.myStatus).toMatchObject({ status: 'AUTO_SUBMITTED', label: 'Auto-submitted (Overdue)', score: { isAutoSubmitted: true } });
    const rest = (await t.rest('GET', `/submissions/${sid}`, { token: tok.student })).body.data;
    expect(JSON.stringify(rest)).not.toMatch(/correct|explanation/);
    expect(rest.grades[0].feedback).toBe('Late, but right');
  });

  it('not yet graded (a long answer waits): no score anywhere', async () => {
    const { gql, rest } = await submitted('immediate', false);
    expect(gql.mySubmission).toMatchObject({ status: 'PENDING', totalScore: null, resultsVisible: false });
    expect(gql.myStatus).toMatchObject({ status: 'SUBMITTED', label: 'Submitted', score: null, opensOn: 'VIEW' });
    expect(JSON.stringify(rest)).not.toMatch(/totalScore|correct|"grade/);
  });

  it("another student's submission is not found; lists hold only one's own", async () => {
    const { sid, i } = await submitted('immediate');
    expect(code(await t.gql('query($id: ID!) { submission(id: $id) { id } }', { id: sid }, tok.student2))[0]).toBe('NOT_FOUND');
    expect((await t.rest('GET', `/submissions/${sid}`, { token: tok.student2 })).status).toBe(404);
    expect((await t.rest('GET', `/submissions?assignment=${i.id}`, { token: tok.student2 })).body.data).toEqual([]);
    expect((await t.rest('GET', `/submissions?assignment=${i.id}&student=${id.student}`, { token: tok.student })).body.data).toHaveLength(
      1,
    );
  });
});

describe('drafts', () => {
  it('autosaves, restores on the page, stays invisible to teachers, and goes with the submit', async () => {
    const i = await item();
    const save = await t.gql(
      'mutation($input: SaveDraftInput!) { saveDraft(input: $input) { savedAt answers { questionId answer } } }',
      { input: { assessmentId: i.id, answers: [{ questionId: i.long, answer: 'Half way through my ess' }] } },
      tok.student,
    );
    expect(save.errors).toBeUndefined();
    const again = await t.rest('PUT', '/submissions/draft', {
      token: tok.student,
      body: { assignmentId: i.id, answers: [{ questionId: i.long, answer: 'Half way through my essay' }] },
    });
    expect(again.status).toBe(200);
    expect((await view(i)).myDraft.answers).toEqual([{ questionId: i.long, answer: 'Half way through my essay', selectedOptionIds: [] }]);
    expect((await view(i, tok.teacher)).myDraft).toBeNull();
    expect((await t.rest('GET', `/submissions?assignment=${i.id}`, { token: tok.teacher })).body.data).toEqual([]);
    expect((await submitGql(i, perfect(i))).errors).toBeUndefined();
    expect((await view(i)).myDraft).toBeNull();
    expect(
      code(
        await t.gql(
          'mutation($input: SaveDraftInput!) { saveDraft(input: $input) { savedAt } }',
          { input: { assessmentId: i.id, answers: [] } },
          tok.student,
        ),
      )[0],
    ).toBe('CONFLICT');
  });
});

describe('statuses on the lists', () => {
  it('Pending for an open item without a submission, opening the submit page', async () => {
    const i = await item({ kind: 'EXAM' });
    const list = await t.gql(
      '{ myAssessments(kind: EXAM) { nodes { id myStatus { status label courseLabel opensOn canSubmit } } } }',
      {},
      tok.student,
    );
    expect(list.data.myAssessments.nodes.find((x: any) => x.id === i.id).myStatus).toEqual({
      status: 'PENDING',
      label: 'Pending',
      courseLabel: 'Pending',
      opensOn: 'SUBMIT',
      canSubmit: true,
    });
    const rest = await t.rest('GET', '/exams', { token: tok.student });
    expect(rest.body.data.find((x: any) => x._id === i.id)).toMatchObject({ isCurrentYear: true, myStatus: { status: 'Pending' } });
    expect(JSON.stringify(rest.body.data)).not.toMatch(/isCorrect|correctAnswers/);
  });
});

describe('the demo school', () => {
  it('shows every status to student@ on first start', async () => {
    const labels = new Set<string>();
    for (const kind of ['ASSIGNMENT', 'EXAM', 'QUIZ']) {
      const r = await t.gql(
        `{ myAssessments(kind: ${kind}) { nodes { title myStatus { label score { totalScore } } } } }`,
        {},
        tok.student,
      );
      for (const a of r.data.myAssessments.nodes.filter((x: any) => x.title.startsWith('Fractions'))) labels.add(a.myStatus.label);
    }
    expect([...labels].sort()).toEqual(['Auto-submitted (Overdue)', 'Completed', 'Overdue', 'Pending', 'Reopened (Pending)', 'Submitted']);
  });
});
