import { GRADE, GradingWorld, TEACHER_VIEW, code, gradeOf, gradingWorld } from '../../test/grading.fixtures';
import { VIEW } from '../../test/submissions.fixtures';

/**
 * gradeAnswer through both transports (issue 13 point 2): bounds and step refused by the server with nothing
 * written, overrides keep the automatic score, totals and status recomputed in the same transaction, and two
 * graders of one answer never overwrite each other silently.
 */
let w: GradingWorld;
beforeAll(async () => {
  w = await gradingWorld();
}, 60_000);
afterAll(() => w.t.close());

const grade = (input: Record<string, unknown>, token = w.tok.teacher) => w.t.gql(GRADE, { input }, token);
const teacherView = async (sid: string) => (await w.t.gql(TEACHER_VIEW, { id: sid }, w.tok.teacher)).data.submission;
const submitted = (o: { kind?: 'ASSIGNMENT' | 'EXAM' | 'QUIZ' } = {}) => w.submitted(o);
const snapshot = (sid: string) => w.snapshot(sid);

describe('score bounds and step', () => {
  it('refuses scores outside 0..points or with more than 2 decimals, on both transports, writing nothing', async () => {
    const { i, sid } = await submitted();
    const before = await snapshot(sid);
    const cases: Array<[unknown, string]> = [
      [-0.01, 'Score must be between 0 and 5'],
      [5.01, 'Score must be between 0 and 5'],
      [1e9, 'Score must be between 0 and 5'],
      [1.005, 'Score can have at most 2 decimals'],
      [2.123, 'Score can have at most 2 decimals'],
    ];
    for (const [score, message] of cases) {
      expect([score, ...code(await grade({ submissionId: sid, questionId: i.long, score, feedback: 'x' }))]).toEqual([
        score,
        'VALIDATION',
        message,
      ]);
      const rest = await w.t.rest('PUT', '/submissions/grade', {
        token: w.tok.teacher,
        body: { submissionId: sid, questionId: i.long, score, feedback: 'x' },
      });
      expect([score, rest.status, rest.body.message]).toEqual([score, 400, message]);
    }
    for (const score of ['abc', null, '', { n: 1 }, 'NaN']) {
      const rest = await w.t.rest('PUT', '/submissions/grade', {
        token: w.tok.teacher,
        body: { submissionId: sid, questionId: i.long, score },
      });
      expect([score, rest.status, rest.body.message]).toEqual([score, 400, 'Score must be a number']);
    }
    // an automatic question is bounded by its own points (the MCQ has 4)
    expect(code(await grade({ submissionId: sid, questionId: i.mcq.id, score: 4.5, expectedVersion: 1 }))).toEqual([
      'VALIDATION',
      'Score must be between 0 and 4',
    ]);
    expect(await snapshot(sid)).toEqual(before);
  });

  it('takes the bounds themselves, steps of 0.01 and REST text', async () => {
    const { i, sid } = await submitted();
    expect((await grade({ submissionId: sid, questionId: i.long, score: 0 })).data.gradeAnswer.totalScore).toBe(6);
    const top = await grade({ submissionId: sid, questionId: i.long, score: 5, expectedVersion: 1 });
    expect(top.data.gradeAnswer.totalScore).toBe(11);
    const rest = await w.t.rest('PUT', '/submissions/grade', {
      token: w.tok.teacher,
      body: { submissionId: sid, questionId: i.long, score: '0.29', expectedVersion: 2 },
    });
    expect([rest.status, rest.body.data.totalScore]).toEqual([200, 6.29]);
    expect(gradeOf(await teacherView(sid), i.long)).toMatchObject({ score: 0.29, version: 3 });
  });

  it('refuses a question of another item and a submission that does not exist', async () => {
    const { sid } = await submitted();
    const other = await w.item();
    expect(code(await grade({ submissionId: sid, questionId: other.long, score: 1 }))).toEqual([
      'VALIDATION',
      "The question is not part of this submission's item",
    ]);
    expect(code(await grade({ submissionId: other.id, questionId: other.long, score: 1 }))).toEqual(['NOT_FOUND', 'Submission not found']);
  });
});

describe('grades, totals and status', () => {
  it('the long answer graded: total, status graded, version and updatedAt bumped; the student then sees the feedback', async () => {
    const { i, sid } = await submitted();
    const before = await teacherView(sid);
    expect(before).toMatchObject({ status: 'PENDING', totalScore: 6 });
    const r = await grade({ submissionId: sid, questionId: i.long, score: 3.5, feedback: '  Clear, but give an example.  ' });
    expect(r.errors).toBeUndefined();
    const s = r.data.gradeAnswer;
    expect(s).toMatchObject({ status: 'GRADED', totalScore: 9.5, maxScore: 11, version: before.version + 1, assessment: { id: i.id } });
    expect(new Date(s.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
    expect(gradeOf(s, i.long)).toEqual({
      score: 3.5,
      feedback: 'Clear, but give an example.',
      isAutoGraded: false,
      version: 1,
      autoScore: null,
      gradedByName: w.name.teacher,
    });
    const [row] = await w.t.ds.query('SELECT total_score::float8 AS total, status FROM submissions WHERE id = $1', [sid]);
    expect(row).toEqual({ total: 9.5, status: 'graded' });
    // the student: the feedback once graded, never who graded or the automatic score
    const mine = (
      await w.t.gql(
        VIEW.replace('feedback isAutoGraded', 'feedback isAutoGraded version autoScore gradedByName'),
        { id: i.id },
        w.tok.student,
      )
    ).data.assessment.mySubmission;
    expect(mine.totalScore).toBe(9.5);
    expect(gradeOf(mine, i.long)).toMatchObject({
      score: 3.5,
      feedback: 'Clear, but give an example.',
      version: 1,
      autoScore: null,
      gradedByName: null,
    });
    const rest = (await w.t.rest('GET', `/submissions/${sid}`, { token: w.tok.student })).body.data;
    expect(JSON.stringify(rest)).not.toMatch(/gradedByName|autoScore/);
    const staff = (await w.t.rest('GET', `/submissions/${sid}`, { token: w.tok.admin })).body.data;
    expect(staff.answers[2].grade).toMatchObject({ score: 3.5, version: 1, autoScore: null, gradedByName: w.name.teacher });
  });

  it('overriding an automatic score keeps it as autoScore; a feedback-only save keeps the grade automatic', async () => {
    const { i, sid } = await submitted();
    const r = await grade({ submissionId: sid, questionId: i.mcq.id, score: 2.5, feedback: 'Show your working', expectedVersion: 1 });
    expect(gradeOf(r.data.gradeAnswer, i.mcq.id)).toEqual({
      score: 2.5,
      feedback: 'Show your working',
      isAutoGraded: false,
      version: 2,
      autoScore: 4,
      gradedByName: w.name.teacher,
    });
    expect(r.data.gradeAnswer).toMatchObject({ totalScore: 4.5, status: 'PENDING' });
    const [g] = await w.t.ds.query(
      'SELECT score::float8 AS score, auto_score::float8 AS auto, is_auto_graded, explanation IS NOT NULL AS explained FROM grades WHERE submission_id = $1 AND question_id = $2',
      [sid, i.mcq.id],
    );
    expect(g).toEqual({ score: 2.5, auto: 4, is_auto_graded: false, explained: true });
    const same = await grade({ submissionId: sid, questionId: i.short, score: 2, feedback: 'Spot on', expectedVersion: 1 });
    expect(gradeOf(same.data.gradeAnswer, i.short)).toMatchObject({
      score: 2,
      feedback: 'Spot on',
      isAutoGraded: true,
      autoScore: 2,
      version: 2,
    });
    // absent feedback keeps the saved one; an explicit null clears it
    const keep = await grade({ submissionId: sid, questionId: i.mcq.id, score: 3, expectedVersion: 2 });
    expect(gradeOf(keep.data.gradeAnswer, i.mcq.id)).toMatchObject({ score: 3, feedback: 'Show your working', autoScore: 4 });
    const cleared = await grade({ submissionId: sid, questionId: i.mcq.id, score: 3, feedback: null, expectedVersion: 3 });
    expect(gradeOf(cleared.data.gradeAnswer, i.mcq.id).feedback).toBe('');
  });

  it('REST: the three families, the exam one by examSubmissionId, with the spec text', async () => {
    for (const [kind, path, field] of [
      ['ASSIGNMENT', '/submissions', 'submissionId'],
      ['QUIZ', '/quizsubmissions', 'submissionId'],
      ['EXAM', '/examsubmissions', 'examSubmissionId'],
    ] as const) {
      const { i, sid } = await submitted({ kind });
      const r = await w.t.rest('PUT', `${path}/grade`, {
        token: w.tok.teacher,
        body: { [field]: sid, questionId: i.long, score: 4, feedback: 'Good' },
      });
      expect([kind, r.status, r.body.success, r.body.message, r.body.data._id, r.body.data.status, r.body.data.totalScore]).toEqual([
        kind,
        200,
        true,
        'Grade updated successfully!',
        sid,
        'graded',
        10,
      ]);
      expect(r.body.data.answers[2].grade).toMatchObject({ score: 4, feedback: 'Good', version: 1, gradedByName: w.name.teacher });
      // another family's path does not know this submission
      const wrong = await w.t.rest('PUT', `${kind === 'QUIZ' ? '/submissions' : '/quizsubmissions'}/grade`, {
        token: w.tok.teacher,
        body: { submissionId: sid, questionId: i.long, score: 1, expectedVersion: 1 },
      });
      expect(wrong.status).toBe(404);
    }
  });

  it("only the course's teachers grade: students, parents, SuperAdmin/Admin and other teachers are refused", async () => {
    const { i, sid } = await submitted();
    const input = { submissionId: sid, questionId: i.long, score: 5 };
    expect(code(await grade(input, w.tok.student))).toEqual(['FORBIDDEN', "Only the course's teachers can grade its submissions"]);
    expect(code(await grade(input, w.tok.admin))[0]).toBe('FORBIDDEN');
    // the demo parent is linked to the demo student (families): reads the work, never grades it
    expect(code(await grade(input, w.tok.parent))[0]).toBe('FORBIDDEN');
    expect(code(await grade(input, w.tok.outsider))[0]).toBe('NOT_FOUND');
    expect(code(await grade(input, w.tok.student2))[0]).toBe('NOT_FOUND');
    expect((await w.t.rest('PUT', '/submissions/grade', { token: w.tok.student, body: input })).status).toBe(403);
    expect(Number((await w.t.ds.query('SELECT count(*) AS n FROM grades WHERE submission_id = $1', [sid]))[0].n)).toBe(2);
  });
});

describe('two graders at once', () => {
  it('of two simultaneous saves of one answer exactly one wins; the other is told who changed it, with the grade as it is now', async () => {
    for (let round = 0; round < 3; round++) {
      const { i, sid } = await submitted();
      const [a, b] = await Promise.all([
        grade({ submissionId: sid, questionId: i.long, score: 4, feedback: 'From teacher one', expectedVersion: 0 }, w.tok.teacher),
        grade({ submissionId: sid, questionId: i.long, score: 2, feedback: 'From teacher two', expectedVersion: 0 }, w.tok.teacher2),
      ]);
      const results = [
        { r: a, who: 'teacher', score: 4, feedback: 'From teacher one' },
        { r: b, who: 'teacher2', score: 2, feedback: 'From teacher two' },
      ];
      const won = results.filter((x) => !x.r.errors);
      const lost = results.filter((x) => x.r.errors);
      expect([won.length, lost.length]).toEqual([1, 1]);
      const winner = won[0];
      const err = lost[0].r.errors![0] as { message: string; extensions?: Record<string, unknown> };
      expect(err.message).toBe(`This grade was changed by ${w.name[winner.who]} a moment ago`);
      expect(err.extensions).toMatchObject({
        code: 'CONFLICT',
        current: { score: winner.score, feedback: winner.feedback, version: 1, gradedByName: w.name[winner.who] },
      });
      const [g] = await w.t.ds.query('SELECT score::float8 AS score, feedback FROM grades WHERE submission_id = $1 AND question_id = $2', [
        sid,
        i.long,
      ]);
      expect(g).toEqual({ score: winner.score, feedback: winner.feedback });
    }
  });

  it('a stale version is a CONFLICT on REST too (409 with current); the fresh one then saves', async () => {
    const { i, sid } = await submitted();
    expect(
      (await grade({ submissionId: sid, questionId: i.long, score: 1, feedback: 'First look', expectedVersion: 0 }, w.tok.teacher2)).errors,
    ).toBeUndefined();
    const stale = await w.t.rest('PUT', '/submissions/grade', {
      token: w.tok.teacher,
      body: { submissionId: sid, questionId: i.long, score: 5, feedback: 'Mine', expectedVersion: 0 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      success: false,
      code: 'CONFLICT',
      message: `This grade was changed by ${w.name.teacher2} a moment ago`,
      current: { score: 1, feedback: 'First look', version: 1, gradedByName: w.name.teacher2 },
    });
    const olderVersion = await grade({ submissionId: sid, questionId: i.long, score: 5, expectedVersion: 7 });
    expect(code(olderVersion)[0]).toBe('CONFLICT');
    const fresh = await w.t.rest('PUT', '/submissions/grade', {
      token: w.tok.teacher,
      body: { submissionId: sid, questionId: i.long, score: 5, feedback: 'Mine', expectedVersion: 1 },
    });
    expect([fresh.status, fresh.body.data.totalScore]).toEqual([200, 11]);
    // an automatic grade changed meanwhile (here: the teacher saw version 0 of an auto-graded question)
    expect(code(await grade({ submissionId: sid, questionId: i.mcq.id, score: 1, expectedVersion: 0 }))).toEqual([
      'CONFLICT',
      'This grade was changed by automatic grading a moment ago',
    ]);
  });
});
