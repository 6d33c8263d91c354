import { GradingWorld, TEACHER_VIEW, code, gradeOf, gradingWorld } from '../../test/grading.fixtures';

/**
 * 'Save all' (issue 25 point 1): every changed score and feedback of a submission in one request and one
 * transaction, each with the version check of a single save; one refused grade writes none of them. Both
 * transports, the three REST families, the same rules of who may grade.
 */
let w: GradingWorld;
beforeAll(async () => {
  w = await gradingWorld();
}, 60_000);
afterAll(() => w.t.close());

const SAVE_ALL = `mutation($input: GradeSubmissionInput!) { gradeSubmission(input: $input) {
  id status totalScore version answers { questionId grade { score feedback isAutoGraded version autoScore gradedByName } } } }`;

const saveAll = (submissionId: string, grades: unknown, token = w.tok.teacher) =>
  w.t.gql(SAVE_ALL, { input: { submissionId, grades } }, token);
const submitted = (o: { kind?: 'ASSIGNMENT' | 'EXAM' | 'QUIZ' } = {}) => w.submitted(o);
const snapshot = (sid: string) => w.snapshot(sid);

describe('Save all', () => {
  it('saves the long answer and an override of the automatic score together: one version step, graded, the total recomputed', async () => {
    const { i, sid } = await submitted();
    const before = (await w.t.gql(TEACHER_VIEW, { id: sid }, w.tok.teacher)).data.submission;
    const r = await saveAll(sid, [
      { questionId: i.long, score: 4, feedback: 'Good example', expectedVersion: 0 },
      { questionId: i.mcq.id, score: 3, feedback: 'One wrong tick', expectedVersion: 1 },
    ]);
    expect(r.errors).toBeUndefined();
    const s = r.data.gradeSubmission;
    expect(s).toMatchObject({ status: 'GRADED', totalScore: 9, version: before.version + 1 });
    expect(gradeOf(s, i.long)).toEqual({
      score: 4,
      feedback: 'Good example',
      isAutoGraded: false,
      version: 1,
      autoScore: null,
      gradedByName: w.name.teacher,
    });
    expect(gradeOf(s, i.mcq.id)).toMatchObject({ score: 3, feedback: 'One wrong tick', isAutoGraded: false, version: 2, autoScore: 4 });
    // the student hears of it once
    const [n] = await w.t.ds.query('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND assessment_id = $2', [
      w.id.student,
      i.id,
    ]);
    expect(n.n).toBe(1);
  });

  it('one score out of bounds saves nothing, the valid one included', async () => {
    const { i, sid } = await submitted();
    const before = await snapshot(sid);
    const r = await saveAll(sid, [
      { questionId: i.long, score: 4, feedback: 'Fine' },
      { questionId: i.short, score: 2.5, expectedVersion: 1 },
    ]);
    expect(code(r)).toEqual(['VALIDATION', 'Score must be between 0 and 2']);
    expect(await snapshot(sid)).toEqual(before);
  });

  it('a stale version of one question is a CONFLICT naming who changed it and which question; nothing is written', async () => {
    const { i, sid } = await submitted();
    await w.t.gql(
      `mutation($input: GradeAnswerInput!) { gradeAnswer(input: $input) { id } }`,
      { input: { submissionId: sid, questionId: i.long, score: 1, feedback: 'First look' } },
      w.tok.teacher2,
    );
    const before = await snapshot(sid);
    const r = await saveAll(sid, [
      { questionId: i.short, score: 1, feedback: 'Half', expectedVersion: 1 },
      { questionId: i.long, score: 5, feedback: 'Mine', expectedVersion: 0 },
    ]);
    expect(code(r)).toEqual(['CONFLICT', `This grade was changed by ${w.name.teacher2} a moment ago`]);
    expect(r.errors![0].extensions).toMatchObject({
      questionId: i.long,
      current: { score: 1, feedback: 'First look', version: 1, gradedByName: w.name.teacher2 },
    });
    expect(await snapshot(sid)).toEqual(before);
    const rest = await w.t.rest('PUT', '/submissions/grades', {
      token: w.tok.teacher,
      body: { submissionId: sid, grades: [{ questionId: i.long, score: 5, expectedVersion: 0 }] },
    });
    expect([rest.status, rest.body.success, rest.body.questionId, rest.body.current?.version]).toEqual([409, false, i.long, 1]);
  });

  it('refuses an empty list, a question twice, a question of another item and a bad id, writing nothing', async () => {
    const { i, sid } = await submitted();
    const other = await w.item();
    const before = await snapshot(sid);
    expect(code(await saveAll(sid, []))).toEqual(['VALIDATION', 'There is nothing to save']);
    expect(
      code(
        await saveAll(sid, [
          { questionId: i.long, score: 1 },
          { questionId: i.long, score: 2 },
        ]),
      ),
    ).toEqual(['VALIDATION', 'Each question can be saved once per request']);
    expect(
      code(
        await saveAll(sid, [
          { questionId: i.long, score: 1 },
          { questionId: other.long, score: 1 },
        ]),
      ),
    ).toEqual(['VALIDATION', "The question is not part of this submission's item"]);
    expect(code(await saveAll(sid, [{ questionId: 'nope', score: 1 }]))).toEqual([
      'NOT_FOUND',
      "The question is not part of this submission's item",
    ]);
    const rest = await w.t.rest('PUT', '/submissions/grades', { token: w.tok.teacher, body: { submissionId: sid, grades: 'all' } });
    expect([rest.status, rest.body.message]).toEqual([400, 'There is nothing to save']);
    const bad = await w.t.rest('PUT', '/submissions/grades', {
      token: w.tok.teacher,
      body: { submissionId: sid, grades: [{ questionId: i.long, score: 'abc' }] },
    });
    expect([bad.status, bad.body.message]).toEqual([400, 'Score must be a number']);
    expect(await snapshot(sid)).toEqual(before);
  });

  it("only the course's teachers: students, parents, Admin and other teachers are refused", async () => {
    const { i, sid } = await submitted();
    const grades = [{ questionId: i.long, score: 5 }];
    expect(code(await saveAll(sid, grades, w.tok.student))).toEqual(['FORBIDDEN', "Only the course's teachers can grade its submissions"]);
    expect(code(await saveAll(sid, grades, w.tok.parent))[0]).toBe('FORBIDDEN');
    expect(code(await saveAll(sid, grades, w.tok.admin))[0]).toBe('FORBIDDEN');
    expect(code(await saveAll(sid, grades, w.tok.outsider))).toEqual(['NOT_FOUND', 'Submission not found']);
    expect((await w.t.rest('PUT', '/submissions/grades', { token: w.tok.student, body: { submissionId: sid, grades } })).status).toBe(403);
    expect(Number((await w.t.ds.query('SELECT count(*) AS n FROM grades WHERE submission_id = $1', [sid]))[0].n)).toBe(2);
  });

  it('REST: the three families, the exam one by examSubmissionId; another family does not know the submission', async () => {
    for (const [kind, path, field] of [
      ['ASSIGNMENT', '/submissions', 'submissionId'],
      ['QUIZ', '/quizsubmissions', 'submissionId'],
      ['EXAM', '/examsubmissions', 'examSubmissionId'],
    ] as const) {
      const { i, sid } = await submitted({ kind });
      const r = await w.t.rest('PUT', `${path}/grades`, {
        token: w.tok.teacher,
        body: {
          [field]: sid,
          grades: [
            { questionId: i.long, score: 4, feedback: 'Good' },
            { questionId: i.short, score: '1.5', expectedVersion: 1 },
          ],
        },
      });
      expect([kind, r.status, r.body.message, r.body.data._id, r.body.data.status, r.body.data.totalScore]).toEqual([
        kind,
        200,
        'Grade updated successfully!',
        sid,
        'graded',
        9.5,
      ]);
      const wrong = await w.t.rest('PUT', `${kind === 'QUIZ' ? '/submissions' : '/quizsubmissions'}/grades`, {
        token: w.tok.teacher,
        body: { submissionId: sid, grades: [{ questionId: i.long, score: 1, expectedVersion: 1 }] },
      });
      expect(wrong.status).toBe(404);
    }
  });

  it('reads do not grow with the number of grades: three grades cost two more statements than one (one write each)', async () => {
    const one = await submitted();
    const three = await submitted();
    const a = await saveAll(one.sid, [{ questionId: one.i.long, score: 1 }]);
    const b = await saveAll(three.sid, [
      { questionId: three.i.long, score: 1 },
      { questionId: three.i.short, score: 1, expectedVersion: 1 },
      { questionId: three.i.mcq.id, score: 1, expectedVersion: 1 },
    ]);
    expect([a.errors, b.errors]).toEqual([undefined, undefined]);
    expect(b.sql - a.sql).toBe(2);
  });
});
