import type { EntityManager } from 'typeorm';
import type { DemoSeeder } from '../../db/demo-types';
import { QuestionType, questionsOf, Question } from '../assessments';
import { writeAnswers } from './submissions.submit';

type State = 'graded' | 'pendingReview' | 'reopened' | 'autoSubmitted';

/** Good answers: the correct options, the first accepted answer, a few sentences for a long answer. */
const goodAnswers = (questions: Question[]) =>
  questions.map((q) => ({
    questionId: q.id,
    answer:
      q.type === QuestionType.ShortAnswer
        ? (q.acceptedAnswers?.[0]?.answer ?? '')
        : q.type === QuestionType.LongAnswer
          ? 'I give both fractions the same denominator, then compare the numerators.'
          : '',
    selectedOptionIds: q.options.filter((o) => o.isCorrect).map((o) => o.id),
  }));

async function submit(m: EntityManager, assessmentId: string, studentId: string, teacherId: string, state: State): Promise<void> {
  const questions = await questionsOf(m, [assessmentId]);
  const [{ id }]: Array<{ id: string }> = await m.query(
    `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score, is_auto_submitted)
     SELECT id, $2, 'pending', now() - interval '1 day', total_points, $3 FROM assessments WHERE id = $1 RETURNING id`,
    [assessmentId, studentId, state === 'autoSubmitted'],
  );
  // the sweep submits what the student had: here nothing, so every automatic question earns 0
  let { total } = await writeAnswers(m, id, questions, state === 'autoSubmitted' ? [] : goodAnswers(questions));
  let status = 'pending';
  if (state === 'graded') {
    for (const q of questions.filter((x) => x.type === QuestionType.LongAnswer)) {
      const score = Math.max(0, q.points - 1);
      await m.query(
        `INSERT INTO grades (submission_id, question_id, score, is_auto_graded, feedback, graded_by) VALUES ($1, $2, $3, false, $4, $5)`,
        [id, q.id, score, 'Clear method; add an example next time.', teacherId],
      );
      total += score;
    }
    status = 'graded';
  }
  await m.query(
    `UPDATE submissions SET status = $2, total_score = $3, allowed_after_due = $4,
            custom_due_date = CASE WHEN $4 THEN date_trunc('minute', now() + interval '3 days') END WHERE id = $1`,
    [id, status, total, state === 'reopened'],
  );
}

/**
 * Demo school: student@ has work in every state on first start (the assessments seed made the items):
 * graded (an assignment and a quiz with results at once), pending review (a long answer waiting), reopened
 * with an extended due date, auto-submitted after the due date, and items overdue or pending with none.
 */
export const submissionSeeder: DemoSeeder = async (m, users) => {
  const student = users['student@demo.school'];
  const teacher = users['teacher@demo.school'];
  if (!student || !teacher) return;
  const items: Array<{ id: string; kind: string; result_visibility: string }> = await m.query(
    `SELECT a.id, a.kind, a.result_visibility FROM assessments a JOIN courses c ON c.id = a.course_id WHERE c.title = 'MATH-5A'`,
  );
  const find = (kind: string, visibility: string) => items.find((i) => i.kind === kind && i.result_visibility === visibility)?.id;
  const plan: Array<[string | undefined, State]> = [
    [find('ASSIGNMENT', 'immediate'), 'graded'],
    [find('ASSIGNMENT', 'scoreOnly'), 'pendingReview'],
    [find('EXAM', 'immediate'), 'reopened'],
    [find('EXAM', 'manual'), 'autoSubmitted'],
    [find('QUIZ', 'immediate'), 'graded'],
  ];
  for (const [id, state] of plan) if (id) await submit(m, id, student.id, teacher.id, state);
};
