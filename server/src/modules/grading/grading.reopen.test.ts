import { CREATE_FOR_GRADING, GRADE, GradingWorld, REOPEN, code, gradingWorld } from '../../test/grading.fixtures';
import { ID_FIELD, REST_PATH, VIEW, perfect } from '../../test/submissions.fixtures';

/**
 * Reopen, 'Extend Again' and create-for-grading through both transports (issue 13 point 3; assessments.md
 * sections 4, 7, 8, 9): the default and refused due dates, the student's Resubmit after a reopen, the spec's
 * texts, idempotent creation for overdue students, and who may do any of it.
 */
let w: GradingWorld;
beforeAll(async () => {
  w = await gradingWorld();
}, 60_000);
afterAll(() => w.t.close());

const reopen = (input: Record<string, unknown>, token = w.tok.teacher) => w.t.gql(REOPEN, { input }, token);
const createForGrading = (input: Record<string, unknown>, token = w.tok.teacher) => w.t.gql(CREATE_FOR_GRADING, { input }, token);
const rows = async (assessmentId: string) =>
  Number((await w.t.ds.query('SELECT count(*) AS n FROM submissions WHERE assessment_id = $1', [assessmentId]))[0].n);
const dueOf = async (assessmentId: string) =>
  new Date((await w.t.ds.query('SELECT due_date FROM assessments WHERE id = $1', [assessmentId]))[0].due_date);
const minute = 60_000;
const DAY = 24 * 3600_000;

describe('reopen and extend', () => {
  it("default due date: the item's when it is more than a day away, else now plus one day", async () => {
    const later = await w.item({ dueInHours: 72 });
    await w.submit(later);
    const r = await reopen({ assessmentId: later.id, studentId: w.id.student });
    expect(r.errors).toBeUndefined();
    expect(r.data.reopenSubmission).toMatchObject({ status: 'REOPENED', allowedAfterDue: true });
    expect(new Date(r.data.reopenSubmission.customDueDate).getTime()).toBe((await dueOf(later.id)).getTime());

    const past = await w.item({ dueInHours: 1 });
    await w.submit(past);
    const before = Date.now();
    const r2 = await reopen({ assessmentId: past.id, studentId: w.id.student });
    const due = new Date(r2.data.reopenSubmission.customDueDate).getTime();
    expect(due).toBeGreaterThanOrEqual(before + DAY);
    expect(due).toBeLessThanOrEqual(Date.now() + DAY + minute);
  });

  it('reopening a hidden item warns the teacher (REST warning) that the student cannot open it; a visible one does not', async () => {
    const hidden = await w.item({ dueInHours: -1 });
    await w.t.ds.query('UPDATE assessments SET is_visible = false WHERE id = $1', [hidden.id]);
    const r = await w.t.rest('POST', '/submissions/reopen', {
      token: w.tok.teacher,
      body: { assignmentId: hidden.id, studentId: w.id.student },
    });
    expect([r.status, r.body.message, r.body.warning]).toEqual([
      200,
      'Assignment reopened successfully for student',
      'This assignment is hidden from students: the student cannot open it until you show it',
    ]);
    const seen = await w.t.gql(VIEW, { id: hidden.id }, w.tok.student);
    expect(code(seen)[0]).toBe('NOT_FOUND');
    const shown = await w.item({ dueInHours: -1, kind: 'EXAM' });
    const ok = await w.t.rest('POST', '/examsubmissions/reopen', {
      token: w.tok.teacher,
      body: { examId: shown.id, studentId: w.id.student },
    });
    expect([ok.status, Object.keys(ok.body)]).toEqual([200, ['success', 'data', 'message']]);
  });

  it('a given date is used (to the minute); one in the past is refused and nothing changes', async () => {
    const i = await w.item({ dueInHours: -3 });
    const at = new Date(Date.now() + 3 * DAY + 30_000);
    const r = await reopen({ assessmentId: i.id, studentId: w.id.student, newDueDate: at.toISOString() });
    expect(new Date(r.data.reopenSubmission.customDueDate).getTime()).toBe(Math.floor(at.getTime() / minute) * minute);
    const version = r.data.reopenSubmission.version;
    const gone = new Date(Date.now() - 5 * minute).toISOString();
    expect(code(await reopen({ assessmentId: i.id, studentId: w.id.student, newDueDate: gone }))).toEqual([
      'VALIDATION',
      'The new due date cannot be in the past',
    ]);
    const rest = await w.t.rest('POST', '/submissions/reopen', {
      token: w.tok.teacher,
      body: { assignmentId: i.id, studentId: w.id.student, newDueDate: gone },
    });
    expect([rest.status, rest.body.message]).toEqual([400, 'The new due date cannot be in the past']);
    const bad = await w.t.rest('POST', '/submissions/reopen', {
      token: w.tok.teacher,
      body: { assignmentId: i.id, studentId: w.id.student, newDueDate: 'soon' },
    });
    expect(bad.status).toBe(400);
    const [s] = await w.t.ds.query('SELECT version, custom_due_date FROM submissions WHERE assessment_id = $1', [i.id]);
    expect([s.version, new Date(s.custom_due_date).getTime()]).toEqual([version, Math.floor(at.getTime() / minute) * minute]);
  });

  it("Extend Again moves a reopened submission's date; the texts of the three kinds", async () => {
    for (const kind of ['ASSIGNMENT', 'QUIZ', 'EXAM'] as const) {
      const i = await w.item({ kind, dueInHours: 2 });
      const sid = await w.submit(i);
      const path = `${REST_PATH[kind]}/reopen`;
      const first = await w.t.rest('POST', path, { token: w.tok.teacher, body: { [ID_FIELD[kind]]: i.id, studentId: w.id.student } });
      const noun = { ASSIGNMENT: 'Assignment', QUIZ: 'Quiz', EXAM: 'Exam' }[kind];
      expect([first.status, first.body.success, first.body.message, first.body.data._id]).toEqual([
        200,
        true,
        `${noun} reopened successfully for student`,
        sid,
      ]);
      const again = new Date(Date.now() + 10 * DAY);
      again.setUTCSeconds(0, 0);
      const second = await w.t.rest('POST', path, {
        token: w.tok.teacher,
        body: { [ID_FIELD[kind]]: i.id, studentId: w.id.student, newDueDate: again.toISOString() },
      });
      expect([second.status, second.body.data.status, second.body.data.customDueDate]).toEqual([200, 'reopened', again.toISOString()]);
      expect(second.body.data.version).toBe(first.body.data.version + 1);
      expect(await rows(i.id)).toBe(1);
    }
  });

  it('an overdue student with no submission gets an empty reopened one, then submits with Resubmit; the teacher grades it', async () => {
    const i = await w.item({ dueInHours: -1 });
    const view = async () => (await w.t.gql(VIEW, { id: i.id }, w.tok.student)).data.assessment;
    expect((await view()).myStatus).toMatchObject({ status: 'OVERDUE', canSubmit: false });
    const r = await w.t.rest('POST', '/submissions/reopen', {
      token: w.tok.teacher,
      body: { assignmentId: i.id, studentId: w.id.student },
    });
    expect([r.status, r.body.message, r.body.data.status, r.body.data.submittedAt, r.body.data.allowedAfterDue]).toEqual([
      200,
      'Assignment reopened successfully for student',
      'reopened',
      null,
      true,
    ]);
    expect((await view()).myStatus).toMatchObject({
      status: 'REOPENED',
      label: 'Reopened (Pending)',
      opensOn: 'SUBMIT',
      isReopened: true,
      isExtended: true,
      canSubmit: true,
      isOverdue: false,
    });
    const sid = await w.submit(i);
    expect(sid).toBe(r.body.data._id);
    const [s] = await w.t.ds.query(
      'SELECT status, submitted_at IS NOT NULL AS handed_in, total_score::float8 AS total FROM submissions WHERE id = $1',
      [sid],
    );
    expect(s).toEqual({ status: 'pending', handed_in: true, total: 6 });
    const graded = await w.t.gql(
      GRADE,
      { input: { submissionId: sid, questionId: i.long, score: 5, feedback: 'Worth the wait' } },
      w.tok.teacher,
    );
    expect(graded.data.gradeAnswer).toMatchObject({ status: 'GRADED', totalScore: 11 });
    expect((await view()).mySubmission.answers[2].grade).toMatchObject({ score: 5, feedback: 'Worth the wait' });
  });

  it('grading a reopened submission keeps it reopened; the Resubmit then replaces the grades, and a save based on them is a conflict', async () => {
    const i = await w.item({ dueInHours: 1 });
    const sid = await w.submit(i);
    await reopen({ assessmentId: i.id, studentId: w.id.student });
    const g = await w.t.gql(GRADE, { input: { submissionId: sid, questionId: i.long, score: 2 } }, w.tok.teacher);
    expect(g.data.gradeAnswer).toMatchObject({ status: 'REOPENED', totalScore: 8 });
    await w.submit(i, w.tok.student, perfect(i).slice(0, 2));
    // the teacher's grade went to the history with the old answer; the automatic ones continue their versions
    const stale = await w.t.gql(GRADE, { input: { submissionId: sid, questionId: i.long, score: 3, expectedVersion: 1 } }, w.tok.teacher);
    expect(code(stale)).toEqual(['CONFLICT', `This grade was changed by ${w.name.student} a moment ago`]);
    const auto = await w.t.gql(GRADE, { input: { submissionId: sid, questionId: i.mcq.id, score: 1, expectedVersion: 1 } }, w.tok.teacher);
    expect(code(auto)).toEqual(['CONFLICT', 'This grade was changed by automatic grading a moment ago']);
    expect((auto.errors![0] as any).extensions.current).toEqual({ score: 4, feedback: '', version: 2, gradedByName: null });
  });

  it('only for a student the item is for; only by its teachers', async () => {
    const solo = await w.item({ dueInHours: -1 });
    await w.t.ds.query(`UPDATE assessments SET scope = 'individual_students' WHERE id = $1`, [solo.id]);
    await w.t.ds.query('INSERT INTO assessment_targets (assessment_id, student_id) VALUES ($1, $2)', [solo.id, w.id.student2]);
    expect(code(await reopen({ assessmentId: solo.id, studentId: w.id.student }))).toEqual([
      'VALIDATION',
      'This student is not one the assignment is for',
    ]);
    expect(code(await reopen({ assessmentId: solo.id, studentId: w.id.parent }))).toEqual(['NOT_FOUND', 'Student not found']);
    expect(code(await reopen({ assessmentId: solo.id, studentId: '00000000-0000-0000-0000-000000000000' }))[0]).toBe('NOT_FOUND');
    expect((await reopen({ assessmentId: solo.id, studentId: w.id.student2 })).errors).toBeUndefined();
    const i = await w.item({ dueInHours: -1 });
    expect(code(await reopen({ assessmentId: i.id, studentId: w.id.student }, w.tok.student))).toEqual([
      'FORBIDDEN',
      "Only the course's teachers can reopen assignments",
    ]);
    expect(code(await reopen({ assessmentId: i.id, studentId: w.id.student }, w.tok.admin))[0]).toBe('FORBIDDEN');
    expect(code(await reopen({ assessmentId: i.id, studentId: w.id.student }, w.tok.parent))[0]).toBe('NOT_FOUND');
    expect(code(await reopen({ assessmentId: i.id, studentId: w.id.student }, w.tok.outsider))[0]).toBe('NOT_FOUND');
    expect(await rows(i.id)).toBe(0);
  });
});

describe('create for grading', () => {
  it('refused before the due date; after it an empty pending submission, created once; the existing one returned after', async () => {
    const i = await w.item({ dueInHours: 1 });
    expect(code(await createForGrading({ assessmentId: i.id, studentId: w.id.student }))).toEqual([
      'VALIDATION',
      'The assignment is not due yet: the student can still submit it',
    ]);
    expect(await rows(i.id)).toBe(0);
    await w.t.ds.query(`UPDATE assessments SET due_date = date_trunc('minute', now() - interval '1 hour') WHERE id = $1`, [i.id]);
    const first = await w.t.rest('POST', '/submissions/create-for-grading', {
      token: w.tok.teacher,
      body: { assignmentId: i.id, studentId: w.id.student },
    });
    expect([first.status, first.body.success, first.body.message]).toEqual([201, true, 'Submission created for manual grading']);
    expect(first.body.data).toMatchObject({ status: 'pending', submittedAt: null, isAutoSubmitted: false, student: { _id: w.id.student } });
    const again = await w.t.rest('POST', '/submissions/create-for-grading', {
      token: w.tok.teacher,
      body: { assignmentId: i.id, studentId: w.id.student },
    });
    expect([again.status, again.body.data._id]).toEqual([200, first.body.data._id]);
    const gql = await createForGrading({ assessmentId: i.id, studentId: w.id.student }, w.tok.teacher2);
    expect(gql.data.createSubmissionForGrading).toMatchObject({ id: first.body.data._id, status: 'PENDING', totalScore: 0 });
    expect(await rows(i.id)).toBe(1);
    // the student's submitted work is returned as it is, before its due date too
    const open = await w.item({ dueInHours: 5 });
    const sid = await w.submit(open);
    expect((await createForGrading({ assessmentId: open.id, studentId: w.id.student })).data.createSubmissionForGrading.id).toBe(sid);
  });

  it('simultaneous clicks create one; the teacher grades every question and it is graded; quiz and exam texts', async () => {
    const i = await w.item({ kind: 'EXAM', dueInHours: -2 });
    const clicks = await Promise.all(
      [0, 1, 2, 3].map((n) =>
        w.t.rest('POST', '/examsubmissions/create-for-grading', {
          token: n % 2 ? w.tok.teacher2 : w.tok.teacher,
          body: { examId: i.id, studentId: w.id.student2 },
        }),
      ),
    );
    expect(clicks.map((c) => c.body.message)).toEqual(Array(4).fill('Exam submission created for manual grading'));
    expect(new Set(clicks.map((c) => c.body.data._id)).size).toBe(1);
    expect(clicks.filter((c) => c.status === 201)).toHaveLength(1);
    const sid = clicks[0].body.data._id;
    for (const [q, score] of [
      [i.mcq.id, 1],
      [i.short, 2],
      [i.long, 4.25],
    ] as const) {
      const r = await w.t.rest('PUT', '/examsubmissions/grade', {
        token: w.tok.teacher,
        body: { examSubmissionId: sid, questionId: q, score, feedback: 'On paper' },
      });
      expect(r.status).toBe(200);
    }
    const [s] = await w.t.ds.query('SELECT status, total_score::float8 AS total FROM submissions WHERE id = $1', [sid]);
    expect(s).toEqual({ status: 'graded', total: 7.25 });
    const quiz = await w.item({ kind: 'QUIZ', dueInHours: -2 });
    const q = await w.t.rest('POST', '/quizsubmissions/create-for-grading', {
      token: w.tok.teacher,
      body: { quizId: quiz.id, studentId: w.id.student },
    });
    expect([q.status, q.body.message]).toEqual([201, 'Submission created for manual grading']);
  });

  it("only for a targeted student; only by the course's teachers", async () => {
    const solo = await w.item({ dueInHours: -1 });
    await w.t.ds.query(`UPDATE assessments SET scope = 'individual_students' WHERE id = $1`, [solo.id]);
    await w.t.ds.query('INSERT INTO assessment_targets (assessment_id, student_id) VALUES ($1, $2)', [solo.id, w.id.student2]);
    expect(code(await createForGrading({ assessmentId: solo.id, studentId: w.id.student }))).toEqual([
      'VALIDATION',
      'This student is not one the assignment is for',
    ]);
    const i = await w.item({ dueInHours: -1 });
    expect(code(await createForGrading({ assessmentId: i.id, studentId: w.id.student }, w.tok.student))).toEqual([
      'FORBIDDEN',
      "Only the course's teachers can grade its submissions",
    ]);
    expect(code(await createForGrading({ assessmentId: i.id, studentId: w.id.student }, w.tok.admin))[0]).toBe('FORBIDDEN');
    expect(code(await createForGrading({ assessmentId: i.id, studentId: w.id.student }, w.tok.parent))[0]).toBe('NOT_FOUND');
    expect(code(await createForGrading({ assessmentId: i.id, studentId: w.id.student }, w.tok.outsider))[0]).toBe('NOT_FOUND');
    expect(
      (
        await w.t.rest('POST', '/submissions/create-for-grading', {
          token: w.tok.student,
          body: { assignmentId: i.id, studentId: w.id.student },
        })
      ).status,
    ).toBe(403);
    expect((await rows(i.id)) + (await rows(solo.id))).toBe(0);
  });
});
