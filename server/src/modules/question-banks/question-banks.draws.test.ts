import { GradingWorld, code, gradingWorld } from '../../test/grading.fixtures';
import { makeUser } from '../../test/factories';
import { Role } from '../../core/role';
import { SUBMIT } from '../../test/submissions.fixtures';
import { sweepOverdue } from '../../jobs/overdue-sweep';

/**
 * Random draws and links (issue 30): each student gets their own draw of the bank when they first read the item,
 * the same on every later read and path; submit, grading and totals work per drawn question; no key reaches a
 * student on either transport; linked copies follow bank edits until the item is first handed in.
 */
let w: GradingWorld;
let bankId: string;
const students: Array<{ id: string; token: string }> = [];
beforeAll(async () => {
  w = await gradingWorld();
  [{ id: bankId }] = await w.t.ds.query(`SELECT id FROM question_banks WHERE name = 'Algebra basics'`);
  const [me] = await w.t.ds.query('SELECT class_id, academic_year_id FROM users WHERE id = $1', [w.id.student]);
  students.push({ id: w.id.student, token: w.tok.student }, { id: w.id.student2, token: w.tok.student2 });
  for (let i = 0; i < 6; i++) {
    const u = await makeUser(w.t.ds, { role: Role.Student, classId: me.class_id, academicYearId: me.academic_year_id });
    students.push({ id: u.id, token: await w.t.login(u.email) });
  }
}, 60_000);
afterAll(() => w.t.close());

const CREATE = `mutation($i: CreateAssessmentInput!) { createAssessment(input: $i) { id totalPoints questions { id } randomDraws { bankName tag count available } } }`;
const UPDATE = 'mutation($i: UpdateAssessmentInput!) { updateAssessment(input: $i) { id totalPoints } }';
const READ = `query($id: ID!) { assessment(id: $id) { id questions { id order questionText type bankQuestionId bankLinked
  options { id isCorrect } acceptedAnswers { answer } partialMarking { enabled } } randomDraws { id } drawnQuestions { id } } }`;
const MINE = `query($id: ID!) { assessment(id: $id) { mySubmission { totalScore maxScore correctAnswersVisible
  answers { questionId correctOptionIds acceptedAnswers grade { score } } } } }`;
const TEACHER = `query($id: ID!) { submission(id: $id) { status totalScore maxScore answers { questionId grade { score } } } }`;
const GRADE = 'mutation($input: GradeAnswerInput!) { gradeAnswer(input: $input) { status totalScore maxScore } }';

/** An exam of one long answer (5 points) and 5 of the 12 demo bank questions (2 points each) per student; results released by hand. */
async function drawnExam(draws: unknown[] = [{ bankId, count: 5 }]) {
  const r = await w.t.gql(
    CREATE,
    {
      i: {
        kind: 'EXAM',
        courseId: w.math,
        title: `Drawn ${Math.random().toString(36).slice(2, 7)}`,
        dueDate: '2030-01-01T10:00:00.000Z',
        resultVisibility: 'MANUAL',
        questions: [{ type: 'LONG_ANSWER', questionText: 'Explain how you check a solution.', points: 5 }],
        randomDraws: draws,
      },
    },
    w.tok.teacher,
  );
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.createAssessment;
}

/** The right answer to each of the student's questions (read from the database, as the student cannot). */
/** The right answer to each question, in the order asked (a caller that drops the first drops the first asked). */
async function rightAnswers(questionIds: string[]) {
  const rows: Array<{ id: string; type: string; right: string[]; accepted: string | null }> = await w.t.ds.query(
    `SELECT q.id, q.type, ARRAY(SELECT o.id::text FROM question_options o WHERE o.question_id = q.id AND o.is_correct) AS right,
            (SELECT x.answer FROM accepted_answers x WHERE x.question_id = q.id ORDER BY x.sort_order LIMIT 1) AS accepted
       FROM questions q JOIN unnest($1::uuid[]) WITH ORDINALITY AS asked(id, n) ON asked.id = q.id ORDER BY asked.n`,
    [questionIds],
  );
  return rows.map((q) =>
    q.type === 'MCQ'
      ? { questionId: q.id, selectedOptionIds: q.right }
      : q.type === 'ShortAnswer'
        ? { questionId: q.id, answer: q.accepted }
        : { questionId: q.id, answer: 'By putting it back in.' },
  );
}

describe('random draws', () => {
  it("each student draws 5 of 12 on their first read; the draw stays on every re-read and path; students' draws differ; no key reaches them", async () => {
    const exam = await drawnExam();
    expect(exam.randomDraws).toEqual([{ bankName: 'Algebra basics', tag: null, count: 5, available: 12 }]);
    expect(exam.totalPoints).toBe(15);
    const draws: string[][] = [];
    for (const s of students) {
      const first = (await w.t.gql(READ, { id: exam.id }, s.token)).data.assessment;
      expect(first.questions.map((q: { order: number }) => q.order)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(first.questions[0].type).toBe('LONG_ANSWER');
      // nothing of the key, and nothing of the bank, for a student
      for (const q of first.questions) {
        expect([q.acceptedAnswers, q.partialMarking, q.bankQuestionId, q.bankLinked]).toEqual([null, null, null, null]);
        expect(q.options.every((o: { isCorrect: boolean | null }) => o.isCorrect === null)).toBe(true);
      }
      expect([first.randomDraws, first.drawnQuestions]).toEqual([[], []]);
      const again = (await w.t.gql(READ, { id: exam.id }, s.token)).data.assessment;
      expect(again.questions.map((q: { id: string }) => q.id)).toEqual(first.questions.map((q: { id: string }) => q.id));
      const rest = await w.t.rest('GET', `/exams/${exam.id}`, { token: s.token });
      expect(rest.body.data.questions.map((q: { _id: string }) => q._id)).toEqual(first.questions.map((q: { id: string }) => q.id));
      expect(JSON.stringify(rest.body)).not.toMatch(
        /isCorrect|correctAnswers|shortAnswerWeights|partialMarking|randomDraws|drawnQuestions/,
      );
      draws.push(
        first.questions
          .slice(1)
          .map((q: { questionText: string }) => q.questionText)
          .sort(),
      );
    }
    expect(draws.every((d) => new Set(d).size === 5)).toBe(true);
    // 8 students, C(12,5) = 792 draws: all alike would be a broken draw, not chance
    expect(new Set(draws.map((d) => d.join('|'))).size).toBeGreaterThan(1);
    // each drawn bank question is one question row of the item, whoever drew it
    const teacher = (await w.t.gql(READ, { id: exam.id }, w.tok.teacher)).data.assessment;
    expect(teacher.questions).toHaveLength(1);
    expect(teacher.drawnQuestions).toHaveLength(new Set(draws.flat()).size);
    expect(teacher.questions[0].options).toEqual([]);
    const teacherRest = (await w.t.rest('GET', `/exams/${exam.id}`, { token: w.tok.teacher })).body.data;
    expect([teacherRest.questions.length, teacherRest.randomDraws, teacherRest.drawnQuestions.length]).toEqual([
      1,
      [{ _id: expect.any(String), bankId, bankName: 'Algebra basics', tag: null, count: 5, available: 12 }],
      teacher.drawnQuestions.length,
    ]);
    // once drawn, the draws cannot change under the students
    expect(code(await w.t.gql(UPDATE, { i: { id: exam.id, randomDraws: [{ bankId, count: 4 }] } }, w.tok.teacher))).toEqual([
      'CONFLICT',
      'Students have already drawn their questions: the random draws can no longer change',
    ]);
  });

  it("submit, drafts, grading, totals and results work per drawn question; answers to another student's draw are refused", async () => {
    const exam = await drawnExam([
      { bankId, tag: 'quadratic', count: 3 },
      { bankId, tag: 'linear', count: 2 },
    ]);
    const mine = (await w.t.gql(READ, { id: exam.id }, w.tok.student)).data.assessment.questions.map((q: { id: string }) => q.id);
    const theirs: string[] = [];
    for (const other of students.slice(1))
      theirs.push(...(await w.t.gql(READ, { id: exam.id }, other.token)).data.assessment.questions.map((q: { id: string }) => q.id));
    const [{ n: quadratic }] = await w.t.ds.query(
      `SELECT count(*)::int AS n FROM questions q JOIN bank_questions bq ON bq.id = q.bank_question_id WHERE q.id = ANY($1::uuid[]) AND 'quadratic' = ANY(bq.tags)`,
      [mine],
    );
    expect(quadratic).toBe(3);
    // seven other draws of 3 of 6 and 2 of 6: one of them holds a question student@ does not have
    const foreign = theirs.find((id: string) => !mine.includes(id))!;
    expect(foreign).toBeDefined();
    {
      const bad = await w.t.gql(
        SUBMIT,
        { input: { assessmentId: exam.id, answers: [{ questionId: foreign, answer: '4' }] } },
        w.tok.student,
      );
      expect(code(bad)).toEqual(['VALIDATION', 'An answer names a question that is not part of this item']);
      const draft = await w.t.gql(
        'mutation($input: SaveDraftInput!) { saveDraft(input: $input) { savedAt } }',
        { input: { assessmentId: exam.id, answers: [{ questionId: foreign, answer: '4' }] } },
        w.tok.student,
      );
      expect(code(draft)[0]).toBe('VALIDATION');
    }
    const submitted = await w.t.gql(SUBMIT, { input: { assessmentId: exam.id, answers: await rightAnswers(mine) } }, w.tok.student);
    expect(submitted.errors).toBeUndefined();
    const sid = submitted.data.submitAssessment.id;
    // results are released by hand: the teacher sees the automatic 10 of the drawn questions, of the student's 15
    expect((await w.t.gql(TEACHER, { id: sid }, w.tok.teacher)).data.submission).toMatchObject({
      status: 'PENDING',
      totalScore: 10,
      maxScore: 15,
    });
    // the student, under manual results, gets no key at all for drawn questions either
    const view = (await w.t.gql(MINE, { id: exam.id }, w.tok.student)).data.assessment.mySubmission;
    expect(view.answers.map((a: { questionId: string }) => a.questionId)).toEqual(mine);
    expect(
      view.answers.every(
        (a: { correctOptionIds: unknown; acceptedAnswers: unknown; grade: unknown }) =>
          a.correctOptionIds === null && a.acceptedAnswers === null && a.grade === null,
      ),
    ).toBe(true);
    // the teacher grades the long answer; grading a question of another student's draw on this submission is refused
    expect(code(await w.t.gql(GRADE, { input: { submissionId: sid, questionId: foreign, score: 1 } }, w.tok.teacher))[0]).toBe(
      'VALIDATION',
    );
    const graded = await w.t.gql(GRADE, { input: { submissionId: sid, questionId: mine[0], score: 4 } }, w.tok.teacher);
    expect(graded.data.gradeAnswer).toEqual({ status: 'GRADED', totalScore: 14, maxScore: 15 });
    const t = (await w.t.gql(TEACHER, { id: sid }, w.tok.teacher)).data.submission;
    expect(t.answers.map((a: { questionId: string }) => a.questionId)).toEqual(mine);
    // an edit of the fixed questions keeps the drawn grades and each student's maximum
    await w.t.gql(
      UPDATE,
      {
        i: { id: exam.id, questions: [{ id: mine[0], type: 'LONG_ANSWER', questionText: 'Explain how you check a solution.', points: 6 }] },
      },
      w.tok.teacher,
    );
    expect((await w.t.gql(TEACHER, { id: sid }, w.tok.teacher)).data.submission).toMatchObject({
      status: 'GRADED',
      totalScore: 14,
      maxScore: 16,
    });
    // statistics of the bank: every drawn question the student answered, all right (difficulty 1)
    const stats = (
      await w.t.gql(
        `query($id: ID!) { questionBank(id: $id) { questions { id statistics { answered graded averageScore difficulty discrimination options { text chosen } } } } }`,
        { id: bankId },
        w.tok.teacher,
      )
    ).data.questionBank.questions.filter((q: { statistics: unknown }) => q.statistics);
    expect(stats.length).toBeGreaterThanOrEqual(5);
    const [bq] = await w.t.ds.query('SELECT bank_question_id FROM questions WHERE id = $1', [mine[1]]);
    const one = stats.find((q: { id: string }) => q.id === bq.bank_question_id).statistics;
    expect(one).toMatchObject({ answered: expect.any(Number), difficulty: 1, discrimination: null });
    expect(one.graded).toBeGreaterThanOrEqual(1);
  });
});

describe('the overdue sweep', () => {
  it("submits a started draft with the student's own drawn questions, graded, and their own maximum", async () => {
    const exam = await drawnExam();
    const me = students[2];
    const mine = (await w.t.gql(READ, { id: exam.id }, me.token)).data.assessment.questions.map((q: { id: string }) => q.id);
    const draft = await w.t.gql(
      'mutation($input: SaveDraftInput!) { saveDraft(input: $input) { savedAt } }',
      { input: { assessmentId: exam.id, answers: (await rightAnswers(mine)).slice(1) } },
      me.token,
    );
    expect(draft.errors).toBeUndefined();
    await w.t.ds.query(`UPDATE assessments SET due_date = date_trunc('minute', now()) - interval '1 hour' WHERE id = $1`, [exam.id]);
    await sweepOverdue(w.t.ds);
    const [s] = await w.t.ds.query(
      'SELECT id, is_auto_submitted, total_score::float8 AS total, max_score FROM submissions WHERE assessment_id = $1 AND student_id = $2',
      [exam.id, me.id],
    );
    expect(s).toMatchObject({ is_auto_submitted: true, total: 10, max_score: 15 });
    const answers = await w.t.ds.query('SELECT question_id FROM submission_answers WHERE submission_id = $1', [s.id]);
    expect(answers.map((a: { question_id: string }) => a.question_id).sort()).toEqual([...mine].sort());
  });
});

describe('simultaneous first reads', () => {
  it('draw once: five reads at the same moment by one student give one draw of 5', async () => {
    const exam = await drawnExam();
    const me = students[students.length - 1];
    const reads = await Promise.all(Array.from({ length: 5 }, () => w.t.gql(READ, { id: exam.id }, me.token)));
    const ids = reads.map((r) => r.data.assessment.questions.map((q: { id: string }) => q.id).join(','));
    expect(new Set(ids).size).toBe(1);
    const [{ n }] = await w.t.ds.query(
      'SELECT count(*)::int AS n FROM assessment_draw_picks p JOIN assessment_draws d ON d.id = p.draw_id WHERE d.assessment_id = $1 AND p.student_id = $2',
      [exam.id, me.id],
    );
    expect(n).toBe(5);
  });
});

describe('reuse', () => {
  it('a copy of an item keeps its random draws (its students draw anew) and counts only its fixed questions', async () => {
    const exam = await drawnExam();
    await w.t.gql(READ, { id: exam.id }, w.tok.student);
    const r = await w.t.gql(
      `mutation($input: CloneAssessmentInput!) { cloneAssessment(input: $input) {
      assessment { id totalPoints questions { id } randomDraws { count available } } changes { questionCount } } }`,
      { input: { assessmentId: exam.id, targetCourseId: w.math } },
      w.tok.teacher,
    );
    expect(r.data.cloneAssessment).toMatchObject({
      assessment: { totalPoints: 15, randomDraws: [{ count: 5, available: 12 }] },
      changes: { questionCount: 1 },
    });
    expect(r.data.cloneAssessment.assessment.questions).toHaveLength(1);
    const [{ n }] = await w.t.ds.query('SELECT count(*)::int AS n FROM questions WHERE assessment_id = $1', [
      r.data.cloneAssessment.assessment.id,
    ]);
    expect(n).toBe(1);
  });
});

describe('links and copies', () => {
  const ADD = 'mutation($input: AddBankQuestionsInput!) { addBankQuestions(input: $input) { id } }';
  const EDIT = 'mutation($input: UpdateBankQuestionInput!) { updateBankQuestion(input: $input) { id } }';
  const FROM =
    'mutation($input: AddQuestionsFromBankInput!) { addQuestionsFromBank(input: $input) { id totalPoints questions { id questionText bankQuestionId bankLinked } } }';
  const mcq = (text: string) => ({
    type: 'MCQ',
    questionText: text,
    points: 3,
    options: [{ text: 'Yes', isCorrect: true }, { text: 'No' }],
  });

  it('a link follows bank edits until the item is first handed in; a copy never does; saving to a bank remembers the source', async () => {
    const [{ subject_id: subjectId }] = await w.t.ds.query('SELECT subject_id FROM courses WHERE id = $1', [w.math]);
    const bank = (
      await w.t.gql(
        'mutation($input: CreateQuestionBankInput!) { createQuestionBank(input: $input) { id } }',
        { input: { name: 'Links', subjectId } },
        w.tok.teacher,
      )
    ).data.createQuestionBank.id;
    const [linked, copied] = (await w.t.gql(ADD, { input: { bankId: bank, questions: [mcq('Linked?'), mcq('Copied?')] } }, w.tok.teacher))
      .data.addBankQuestions;
    const item = await w.item();
    await w.t.gql(FROM, { input: { assessmentId: item.id, bankQuestionIds: [linked.id], link: true } }, w.tok.teacher);
    const after = (await w.t.gql(FROM, { input: { assessmentId: item.id, bankQuestionIds: [copied.id], link: false } }, w.tok.teacher)).data
      .addQuestionsFromBank;
    expect(after.questions.slice(-2).map((q: { bankQuestionId: string; bankLinked: boolean }) => [q.bankQuestionId, q.bankLinked])).toEqual(
      [
        [linked.id, true],
        [copied.id, false],
      ],
    );
    expect(after.totalPoints).toBe(11 + 6);
    await w.t.gql(EDIT, { input: { id: linked.id, ...mcq('Linked, edited?') } }, w.tok.teacher);
    await w.t.gql(EDIT, { input: { id: copied.id, ...mcq('Copied, edited?') } }, w.tok.teacher);
    const texts = async () =>
      (await w.t.gql(READ, { id: item.id }, w.tok.teacher)).data.assessment.questions
        .slice(-2)
        .map((q: { questionText: string }) => q.questionText);
    expect(await texts()).toEqual(['Linked, edited?', 'Copied?']);
    await w.submit(item);
    await w.t.gql(EDIT, { input: { id: linked.id, ...mcq('Linked, after the first submission?') } }, w.tok.teacher);
    expect(await texts()).toEqual(['Linked, edited?', 'Copied?']);
    // saved into the bank: the item's questions remember where they went
    const saved = await w.t.gql(
      'mutation($input: SaveQuestionsToBankInput!) { saveQuestionsToBank(input: $input) { id questionText usedIn { assessmentId linked } } }',
      { input: { assessmentId: item.id, questionIds: [item.long], bankId: bank } },
      w.tok.teacher,
    );
    expect(saved.data.saveQuestionsToBank).toEqual([
      { id: expect.any(String), questionText: expect.any(String), usedIn: [{ assessmentId: item.id, linked: false }] },
    ]);
    // another teacher's private bank does not exist for teacher@
    const [other] = await w.t.ds.query(`INSERT INTO question_banks (owner_id, subject_id, name) VALUES ($1, $2, 'Private') RETURNING id`, [
      w.id.teacher2,
      subjectId,
    ]);
    const [q] = await w.t.ds.query(
      `INSERT INTO bank_questions (bank_id, type, question_text, position) VALUES ($1, 'LongAnswer', 'Hidden', 1) RETURNING id`,
      [other.id],
    );
    expect(code(await w.t.gql(FROM, { input: { assessmentId: item.id, bankQuestionIds: [q.id], link: false } }, w.tok.teacher))).toEqual([
      'NOT_FOUND',
      'Bank question not found',
    ]);
    expect(code(await w.t.gql(UPDATE, { i: { id: item.id, randomDraws: [{ bankId: other.id, count: 1 }] } }, w.tok.teacher))).toEqual([
      'NOT_FOUND',
      'Question bank not found',
    ]);
  });
});
