import { GradingWorld, gradingWorld } from '../../test/grading.fixtures';

/**
 * The spec's grade calls as its client sends them (issue 24 point 3), over real HTTP: no expectedVersion, so
 * a call is accepted from any teacher of the course, again and again; an automatic grade is overridden at
 * once. The version check still holds for a client that sends the version it saw, and nobody else grades.
 */
let w: GradingWorld;
beforeAll(async () => {
  w = await gradingWorld();
}, 60_000);
afterAll(() => w.t.close());

const put = (path: string, body: Record<string, unknown>, token = w.tok.teacher) => w.t.rest('PUT', path, { token, body });
const stored = (sid: string, qid: string) =>
  w.t.ds.query(
    'SELECT score::float8 AS score, feedback, is_auto_graded AS auto, version FROM grades WHERE submission_id = $1 AND question_id = $2',
    [sid, qid],
  );

describe('PUT /{family}/grade without expectedVersion', () => {
  it('two successive grade calls on the same question by the same teacher both succeed (exam: examSubmissionId)', async () => {
    const i = await w.item({ kind: 'EXAM' });
    const sid = await w.submit(i);
    const first = await put('/examsubmissions/grade', { examSubmissionId: sid, questionId: i.long, score: 3, feedback: 'Good start' });
    expect([first.status, first.body.message]).toEqual([200, 'Grade updated successfully!']);
    const second = await put('/examsubmissions/grade', {
      examSubmissionId: sid,
      questionId: i.long,
      score: 4.5,
      feedback: 'Better on a second read',
    });
    expect([second.status, second.body.data.totalScore]).toEqual([200, 10.5]);
    expect(await stored(sid, i.long!)).toEqual([{ score: 4.5, feedback: 'Better on a second read', auto: false, version: 2 }]);
  });

  it('an override of an automatic grade succeeds, the automatic score kept for reference', async () => {
    const i = await w.item({ kind: 'QUIZ' });
    const sid = await w.submit(i);
    const r = await put('/quizsubmissions/grade', { submissionId: sid, questionId: i.mcq.id, score: 2, feedback: 'Half of it' });
    expect(r.status).toBe(200);
    const g = r.body.data.answers.find((a: { question: string }) => a.question === i.mcq.id).grade;
    expect(g).toMatchObject({ score: 2, feedback: 'Half of it', isAutoGraded: false, autoScore: 4 });
  });

  it('any teacher of the course may grade after another; the last call stands', async () => {
    const i = await w.item();
    const sid = await w.submit(i);
    expect((await put('/submissions/grade', { submissionId: sid, questionId: i.long, score: 1 }, w.tok.teacher)).status).toBe(200);
    const r = await put(
      '/submissions/grade',
      { submissionId: sid, questionId: i.long, score: 2, feedback: 'Second opinion' },
      w.tok.teacher2,
    );
    expect([r.status, r.body.data.answers[2].grade.gradedByName]).toEqual([200, w.name.teacher2]);
  });

  it('a client that sends the version it saw is still told when someone changed it meanwhile', async () => {
    const i = await w.item();
    const sid = await w.submit(i);
    await put('/submissions/grade', { submissionId: sid, questionId: i.long, score: 1 }, w.tok.teacher2);
    const stale = await put('/submissions/grade', { submissionId: sid, questionId: i.long, score: 5, expectedVersion: 0 });
    expect([stale.status, stale.body.message]).toEqual([409, `This grade was changed by ${w.name.teacher2} a moment ago`]);
    expect(await stored(sid, i.long!)).toEqual([{ score: 1, feedback: '', auto: false, version: 1 }]);
  });

  it('students, parents and teachers of other courses still may not grade; nothing is written', async () => {
    const i = await w.item();
    const sid = await w.submit(i);
    const body = { submissionId: sid, questionId: i.long, score: 5 };
    expect((await put('/submissions/grade', body, w.tok.student)).status).toBe(403);
    expect((await put('/submissions/grade', body, w.tok.parent)).status).toBe(403);
    expect((await put('/submissions/grade', body, w.tok.outsider)).status).toBe(404);
    expect(await stored(sid, i.long!)).toEqual([]);
  });
});
