import { GRADE, GradingWorld, TEACHER_VIEW, code, gradingWorld } from '../../test/grading.fixtures';

/**
 * What an edit of the questions after submissions does to the grading (issue 13 point 6): the automatic
 * grades' explanations follow the new key, automatic questions added by the edit are graded in every
 * handed-in submission, totals and statuses are recomputed (with the version and updatedAt the dashboards
 * read), overrides are kept, and the preview says the totals the edit then writes.
 */
let w: GradingWorld;
beforeAll(async () => {
  w = await gradingWorld();
}, 60_000);
afterAll(() => w.t.close());

const QUESTIONS = `query($id: ID!) { assessment(id: $id) { questions { id type questionText points
  options { id text isCorrect } acceptedAnswers { answer weight } partialMarking { enabled penaltyPerWrong } } } }`;

/** The item's questions as the editor sends them back (ids kept). */
async function questionsOf(id: string) {
  const r = await w.t.gql(QUESTIONS, { id }, w.tok.teacher);
  return r.data.assessment.questions.map((q: any) => ({
    id: q.id,
    type: q.type,
    questionText: q.questionText,
    points: q.points,
    options: q.options.map((o: any) => ({ id: o.id, text: o.text, isCorrect: o.isCorrect })),
    acceptedAnswers: q.type === 'SHORT_ANSWER' ? q.acceptedAnswers : undefined,
    partialMarking: q.partialMarking,
  }));
}

const view = async (sid: string) => (await w.t.gql(TEACHER_VIEW, { id: sid }, w.tok.teacher)).data.submission;

test('an edit refreshes explanations, grades added automatic questions, and recomputes totals and status as previewed', async () => {
  const i = await w.item({ autoOnly: true, dueInHours: 1 });
  const mine = await w.submit(i, w.tok.student, [
    { questionId: i.mcq.id, selectedOptionIds: i.mcq.right },
    { questionId: i.short, answer: 'Paree' },
  ]);
  const theirs = await w.submit(i, w.tok.student2, [
    { questionId: i.mcq.id, selectedOptionIds: i.mcq.right },
    { questionId: i.short, answer: 'Paris' },
  ]);
  const override = await w.t.gql(
    GRADE,
    { input: { submissionId: theirs, questionId: i.short, score: 1.5, expectedVersion: 1 } },
    w.tok.teacher,
  );
  expect(override.data.gradeAnswer).toMatchObject({ totalScore: 5.5, status: 'GRADED' });
  // an empty reopened submission of someone who never handed anything in is left to the teacher
  const [{ id: extra }] = await w.t.ds
    .query(`INSERT INTO users (first_name, last_name, email, role, activated, password_hash, class_id, academic_year_id)
    SELECT 'Ren', 'Late', 'ren.late@test.school', 'Student', true, password_hash, class_id, academic_year_id FROM users WHERE email = 'student@demo.school' RETURNING id`);
  const reopened = await w.t.gql(
    'mutation($input: ReopenSubmissionInput!) { reopenSubmission(input: $input) { id } }',
    { input: { assessmentId: i.id, studentId: extra } },
    w.tok.teacher,
  );
  const empty = reopened.data.reopenSubmission.id;
  const before = await view(mine);
  expect(before).toMatchObject({ status: 'GRADED', totalScore: 5 });
  expect(before.answers[1].grade.explanation).toMatchObject({ matchedWeight: 50 });

  const questions = await questionsOf(i.id);
  questions[1].acceptedAnswers = [
    { answer: 'Paris', weight: 100 },
    { answer: 'Paree', weight: 100 },
  ];
  questions.push({
    type: 'MCQ',
    questionText: 'Pick the odd one',
    points: 3,
    options: [
      { text: '7', isCorrect: true },
      { text: '8', isCorrect: false },
    ],
  });
  questions.push({ type: 'LONG_ANSWER', questionText: 'Why?', points: 2 });
  const input = { id: i.id, questions };
  const preview = await w.t.gql(
    'query($i: UpdateAssessmentInput!) { assessmentRegradePreview(input: $i) { changes { submissionId totalBefore totalAfter } } }',
    { i: input },
    w.tok.teacher,
  );
  expect(preview.data.assessmentRegradePreview.changes).toEqual([{ submissionId: mine, totalBefore: 5, totalAfter: 6 }]);
  const edit = await w.t.gql(
    'mutation($i: UpdateAssessmentInput!) { updateAssessment(input: $i) { totalPoints questions { id type } } }',
    { i: input },
    w.tok.teacher,
  );
  expect(edit.errors).toBeUndefined();
  expect(edit.data.updateAssessment.totalPoints).toBe(11);
  const [added, long] = edit.data.updateAssessment.questions.slice(2).map((q: any) => q.id);

  const after = await view(mine);
  // the explanation follows the new key; the added MCQ scores 0 with its reason; the long answer waits, so pending
  expect(after).toMatchObject({ status: 'PENDING', totalScore: 6 });
  expect(after.version).toBeGreaterThan(before.version);
  expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
  expect(after.answers[1].grade).toMatchObject({ score: 2, isAutoGraded: true, explanation: { matchedWeight: 100 } });
  expect(after.answers.find((a: any) => a.questionId === added).grade).toMatchObject({
    score: 0,
    isAutoGraded: true,
    autoScore: 0,
    version: 1,
    explanation: { text: 'No option selected.' },
  });
  expect(after.answers.find((a: any) => a.questionId === long).grade).toBeNull();
  const other = await view(theirs);
  expect(other).toMatchObject({ status: 'PENDING', totalScore: 5.5 });
  expect(other.answers[1].grade).toMatchObject({ score: 1.5, isAutoGraded: false, autoScore: 2 });
  const untouched = await view(empty);
  expect(untouched).toMatchObject({ status: 'REOPENED', totalScore: 0 });
  expect(untouched.answers.every((a: any) => a.grade === null)).toBe(true);
  const maxes = await w.t.ds.query('SELECT DISTINCT max_score FROM submissions WHERE assessment_id = $1', [i.id]);
  expect(maxes).toEqual([{ max_score: 11 }]);

  // grading the new long answer completes the work; removing the question completes the other's
  const done = await w.t.gql(GRADE, { input: { submissionId: mine, questionId: long, score: 2 } }, w.tok.teacher);
  expect(done.data.gradeAnswer).toMatchObject({ status: 'GRADED', totalScore: 8 });
  const without = questions.slice(0, 3).map((q: any, n: number) => (n === 2 ? { ...q, id: added } : q));
  const edited = await w.t.gql(
    'mutation($i: UpdateAssessmentInput!) { updateAssessment(input: $i) { totalPoints } }',
    { i: { id: i.id, questions: without } },
    w.tok.teacher,
  );
  expect(edited.data.updateAssessment.totalPoints).toBe(9);
  expect(await view(theirs)).toMatchObject({ status: 'GRADED', totalScore: 5.5 });
  expect(await view(mine)).toMatchObject({ status: 'GRADED', totalScore: 6 });
});

/** Waits until this many statements of the test database wait for a lock. */
async function lockWaiters(n: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const [{ c }] = await w.t.ds.query(
      `SELECT count(*)::int AS c FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (c >= n) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`fewer than ${n} statements wait for a lock`);
}

test('a grade saved while an edit regrades is never overwritten silently', async () => {
  const i = await w.item({ autoOnly: true, dueInHours: 1 });
  const sid = await w.submit(i, w.tok.student, [
    { questionId: i.mcq.id, selectedOptionIds: i.mcq.right },
    { questionId: i.short, answer: 'Paree' },
  ]);
  const questions = await questionsOf(i.id);
  questions[1].acceptedAnswers = [
    { answer: 'Paris', weight: 100 },
    { answer: 'Paree', weight: 100 },
  ];
  // hold the edit after it planned the regrade (it waits to rewrite the short-answer question), then save a grade
  const hold = w.t.ds.createQueryRunner();
  await hold.connect();
  await hold.startTransaction();
  await hold.query('SELECT 1 FROM questions WHERE id = $1 FOR NO KEY UPDATE', [i.short]);
  const editing = w.t.gql(
    'mutation($i: UpdateAssessmentInput!) { updateAssessment(input: $i) { id } }',
    { i: { id: i.id, questions } },
    w.tok.teacher,
  );
  await lockWaiters(1);
  const saving = w.t.gql(GRADE, { input: { submissionId: sid, questionId: i.short, score: 0.5, expectedVersion: 1 } }, w.tok.teacher);
  // the save either completes now (nothing holds it) or waits for the edit's lock on the submission
  await Promise.race([saving, lockWaiters(2)]);
  await hold.commitTransaction();
  await hold.release();
  const [e, g] = await Promise.all([editing, saving]);
  expect(e.errors).toBeUndefined();
  const now = (await view(sid)).answers[1].grade;
  if (g.errors) {
    // it waited, and the regrade changed the grade it was based on: the teacher is told, with the new score
    expect(code(g)).toEqual(['CONFLICT', 'This grade was changed by automatic grading a moment ago']);
    expect(now).toMatchObject({ score: 2, isAutoGraded: true, version: 2 });
  } else {
    expect(now).toMatchObject({ score: 0.5, isAutoGraded: false, autoScore: 2 });
  }
});
