import { EntityManager } from 'typeorm';
import { QuestionType, questionsOf, picksOf, gradable, Question, gradeWithExplanation } from '../assessments';
import { AutoSubmitScope, overdueClaimSql } from './auto-submit.sql';
import {
  AnswerColumns,
  Claimed,
  DraftAnswer,
  GradeColumns,
  clearForDraft,
  closeExpiredReopened,
  deleteDrafts,
  draftsOf,
  insertAutoAnswers,
  insertOverdueSubmissions,
  keepDraftFiles,
  refreshAutoSubmitted,
  removeExpiredEmptyReopened,
} from './grading.repository.overdue';

export type { AutoSubmitScope } from './auto-submit.sql';

/** The answer a draft holds for a question, reduced to what the question can take (options of this question only). */
function draftAnswer(q: Question, draft: DraftAnswer[] | undefined): { answer: string; selectedOptionIds: string[] } | null {
  const d = draft?.find((x) => x && x.questionId === q.id);
  if (!d) return null;
  const known = new Set(q.options.map((o) => o.id));
  const selected = Array.isArray(d.selectedOptionIds)
    ? d.selectedOptionIds.filter((id): id is string => typeof id === 'string' && known.has(id))
    : [];
  return {
    answer: q.type === QuestionType.MCQ ? '' : typeof d.answer === 'string' ? d.answer.slice(0, 50_000) : '',
    selectedOptionIds: q.type === QuestionType.MCQ ? selected : [],
  };
}

/**
 * Submits overdue work (assessments.md section 4; issues 13 and 24): a targeted student with no submission of
 * an item past its due date gets one, auto-submitted, when they started it (a draft) or, under 'zero', in
 * any case; a reopened submission past its customDueDate that was not resubmitted is closed (see `missing`).
 * The answers are the student's saved draft when there is one (then removed), else empty; automatic
 * questions are graded with the submit's own function (gradeWithExplanation), long answers wait for the
 * teacher.
 *
 * Set-based, in a fixed number of statements whatever the number of students, in the caller's transaction;
 * with `limit`, each statement's work is bounded too.
 * Idempotent and safe to run twice at once: new rows go in with ON CONFLICT DO NOTHING on the unique
 * (assessment, student), and a reopened row is claimed by an UPDATE that re-checks its status, so a second
 * run (or a student's Resubmit, which locks the same row) finds nothing left to take.
 */
export async function autoSubmitOverdue(m: EntityManager, scope: AutoSubmitScope): Promise<Claimed[]> {
  return (await autoSubmitBatch(m, scope)).claimed;
}

/** autoSubmitOverdue, and whether a statement reached `limit` (then more may be left for another batch). */
export async function autoSubmitBatch(m: EntityManager, scope: AutoSubmitScope): Promise<{ claimed: Claimed[]; more: boolean }> {
  const claims = overdueClaimSql(scope);
  const created = await insertOverdueSubmissions(m, claims);
  let removed = 0;
  // reopened (or late-joiner) work that expired with nothing handed in and nothing started goes: the
  // student is overdue again, for the teacher to reopen, grade or mark missing
  if (scope.missing !== 'zero') removed = await removeExpiredEmptyReopened(m, claims);
  const expired = await closeExpiredReopened(m, claims);
  const claimed = [...created, ...expired];
  const more = scope.limit !== undefined && Math.max(created.length, removed, expired.length) >= scope.limit;
  if (!claimed.length) return { claimed, more };

  const pairs = [claimed.map((c) => c.assessment_id), claimed.map((c) => c.student_id)];
  const drafts = await draftsOf(m, pairs);
  const draftOf = new Map(drafts.map((d) => [`${d.assessment_id}:${d.student_id}`, Array.isArray(d.answers) ? d.answers : []]));
  const itemIds = [...new Set(claimed.map((c) => c.assessment_id))];
  const questions = await questionsOf(m, itemIds, 'all');
  // each student answers their own questions: the fixed ones and what was drawn for them
  const picks = await picksOf(m, itemIds, [...new Set(claimed.map((c) => c.student_id))]);
  const theirs = (c: { assessment_id: string; student_id: string }) =>
    questions.filter((q) => q.assessmentId === c.assessment_id && (!q.drawId || picks.has(`${c.student_id}:${q.id}`)));

  // a reopened submission with a draft: the draft replaces its answers (the grades it had go to history, as
  // a Resubmit does); without one, its answers and grades stay and only questions it never answered are added
  const replaced = expired.filter((c) => draftOf.has(`${c.assessment_id}:${c.student_id}`)).map((c) => c.id);
  if (replaced.length) await clearForDraft(m, replaced);

  const answers: AnswerColumns = { sid: [], qid: [], text: [], opts: [] };
  const grades: GradeColumns = { sid: [], qid: [], score: [], explanation: [] };
  for (const c of claimed) {
    const draft = draftOf.get(`${c.assessment_id}:${c.student_id}`);
    for (const q of theirs(c)) {
      const given = draftAnswer(q, draft);
      answers.sid.push(c.id);
      answers.qid.push(q.id);
      answers.text.push(given?.answer ?? '');
      answers.opts.push(JSON.stringify(given?.selectedOptionIds ?? []));
      const graded = q.type === QuestionType.LongAnswer ? null : gradeWithExplanation(gradable(q), given);
      if (!graded) continue;
      grades.sid.push(c.id);
      grades.qid.push(q.id);
      grades.score.push(graded.score);
      grades.explanation.push(JSON.stringify(graded.explanation));
    }
  }
  // the grade of a question goes in only with its new answer row (a kept answer keeps its own grade)
  await insertAutoAnswers(m, answers, grades);
  const ids = claimed.map((c) => c.id);
  await refreshAutoSubmitted(m, ids);
  // a draft's attached files go with the submitted answers before the drafts go
  await keepDraftFiles(m, ids);
  await deleteDrafts(m, pairs);
  return { claimed, more };
}
