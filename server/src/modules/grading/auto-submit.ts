import { EntityManager } from 'typeorm';
import {
  QuestionType,
  ASSESSMENT_REF,
  questionOfStudentSql,
  questionsOf,
  picksOf,
  gradable,
  Question,
  gradeWithExplanation,
} from '../assessments';
import { inRosterSql, rosterSql } from './dashboards.queries';

/** Which items an auto-submit covers, and what becomes of students who started nothing. */
export interface AutoSubmitScope {
  assessmentId?: string;
  /**
   * Only items students can see (the sweep): a hidden item (or one in a hidden module) was never open to
   * its students, so nobody is overdue on it until it is shown. A teacher's explicit call covers it anyway.
   */
  visibleOnly: boolean;
  /**
   * 'leave' (the clock, issue 24): only work a student started (a draft) is submitted; a student with nothing
   * stays overdue for the teacher to reopen or grade, and reopened work that expired with nothing handed in
   * is taken back, so the student is overdue again. 'zero' (the teacher's "Mark all missing as 0"): every
   * overdue student without work gets an empty submission, automatic questions graded (so mostly 0).
   */
  missing: 'leave' | 'zero';
  /**
   * At most this many rows per statement of one call (new submissions, reopened ones taken back, reopened ones
   * closed: the sweep's batches, each in its own transaction, so no statement grows with the school's
   * backlog); the rest is left for the next call, oldest due first. None: all of them (a teacher's call
   * covers one item).
   */
  limit?: number;
}

interface Claimed {
  id: string;
  assessment_id: string;
  student_id: string;
  /** A reopened submission whose customDueDate passed (the others are new, empty rows). */
  reopened: boolean;
}

interface DraftAnswer {
  questionId?: unknown;
  answer?: unknown;
  selectedOptionIds?: unknown;
}

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
  const params: unknown[] = [];
  const one = scope.assessmentId ? ` AND a.id = $${params.push(scope.assessmentId)}::uuid` : '';
  const visible = scope.visibleOnly ? ` AND ${ASSESSMENT_REF.visible}` : '';
  const zero = scope.missing === 'zero';
  const limitRef = scope.limit === undefined ? null : `$${params.push(scope.limit)}::int`;
  const firstOf = (order: string) => (limitRef ? ` ORDER BY ${order} LIMIT ${limitRef}` : '');
  const hasDraft = (aid: string, sid: string) =>
    `EXISTS (SELECT 1 FROM submission_drafts d WHERE d.assessment_id = ${aid} AND d.student_id = ${sid})`;
  // work handed in before a reopening: it stands when the reopening ends
  const handedInOf = (
    x: string,
  ) => `(${x}.submitted_at IS NOT NULL OR EXISTS (SELECT 1 FROM submission_answers sa WHERE sa.submission_id = ${x}.id)
                     OR EXISTS (SELECT 1 FROM grades g WHERE g.submission_id = ${x}.id))`;
  const handedIn = handedInOf('s');
  // what 'leave' takes back: nothing handed in, nothing started
  const emptyOf = (x: string) => `NOT ${handedInOf(x)} AND NOT ${hasDraft(`${x}.assessment_id`, `${x}.student_id`)}`;
  // 'leave' claims only started work, so it starts from the drafts and tests each one's roster: listing the
  // roster of every overdue item (hundreds of thousands of pairs on a large school) to find the few with a
  // draft cost the sweep that much work every minute
  const candidates = zero
    ? `SELECT r.assessment_id, r.student_id FROM (${rosterSql(`a.due_date < now()${one}${visible}`)}) r`
    : `SELECT d.assessment_id, d.student_id FROM submission_drafts d JOIN assessments a ON a.id = d.assessment_id
        WHERE a.due_date < now()${one}${visible} AND ${inRosterSql('d.student_id')}`;
  const created: Claimed[] = await m.query(
    `INSERT INTO submissions (assessment_id, student_id, status, is_auto_submitted, submitted_at, max_score, updated_at)
     SELECT r.assessment_id, r.student_id, 'pending', true, now(), a.total_points, clock_timestamp()
       FROM (${candidates}) r JOIN assessments a ON a.id = r.assessment_id
      WHERE NOT EXISTS (SELECT 1 FROM submissions s WHERE s.assessment_id = r.assessment_id AND s.student_id = r.student_id)
     ${firstOf('a.due_date')}
     ON CONFLICT (assessment_id, student_id) DO NOTHING
     RETURNING id, assessment_id, student_id, false AS reopened`,
    params,
  );
  // the reopened submissions a statement may take: with a limit, the oldest due of those it would take (each
  // statement its own window, so the UPDATE never closes one the DELETE would have taken back); the outer
  // conditions are checked again on a row a concurrent Resubmit changed
  const expiring = (which: (w: string) => string) =>
    `s.status = 'reopened' AND s.custom_due_date < now()${one}${visible}${
      !limitRef
        ? ''
        : `
          AND s.id IN (SELECT w.id FROM submissions w JOIN assessments a ON a.id = w.assessment_id
                        WHERE w.status = 'reopened' AND w.custom_due_date < now()${one}${visible} AND ${which('w')}${firstOf('w.custom_due_date, w.id')})`
    }`;
  let removed = 0;
  if (!zero) {
    // reopened (or late-joiner) work that expired with nothing handed in and nothing started goes: the
    // student is overdue again, for the teacher to reopen, grade or mark missing
    [{ removed }] = await m.query(
      `WITH gone AS (DELETE FROM submissions s USING assessments a
        WHERE a.id = s.assessment_id AND ${expiring(emptyOf)} AND ${emptyOf('s')} RETURNING s.id)
       SELECT count(*)::int AS removed FROM gone`,
      params,
    );
  }
  // allowed_after_due goes: the reopening is over. What is submitted now (a draft, or nothing when the teacher
  // marks it missing) is auto-submitted; work handed in before the reopening stands as it was handed in, with
  // its own submitted time and mark. custom_due_date stays on record.
  // in a WITH so the driver answers rows (a bare UPDATE ... RETURNING comes back as [rows, count])
  const submitsNow = `(${hasDraft('s.assessment_id', 's.student_id')} OR NOT ${handedIn})`;
  const expired: Claimed[] = await m.query(
    `WITH claimed AS (UPDATE submissions s SET status = 'pending', allowed_after_due = false,
            is_auto_submitted = CASE WHEN ${submitsNow} THEN true ELSE s.is_auto_submitted END,
            submitted_at = CASE WHEN ${submitsNow} THEN now() ELSE s.submitted_at END,
            version = s.version + 1, updated_at = clock_timestamp()
       FROM assessments a
      WHERE a.id = s.assessment_id AND ${expiring((w) => (zero ? 'true' : `NOT (${emptyOf(w)})`))}
     RETURNING s.id, s.assessment_id, s.student_id, true AS reopened) SELECT * FROM claimed`,
    params,
  );
  const claimed = [...created, ...expired];
  const more = scope.limit !== undefined && Math.max(created.length, removed, expired.length) >= scope.limit;
  if (!claimed.length) return { claimed, more };

  const pairs = [claimed.map((c) => c.assessment_id), claimed.map((c) => c.student_id)];
  const drafts: Array<{ assessment_id: string; student_id: string; answers: DraftAnswer[] }> = await m.query(
    `SELECT d.assessment_id, d.student_id, d.answers FROM submission_drafts d
       JOIN unnest($1::uuid[], $2::uuid[]) AS x(aid, sid) ON d.assessment_id = x.aid AND d.student_id = x.sid`,
    pairs,
  );
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
  if (replaced.length) {
    await m.query(
      `INSERT INTO grade_history (submission_id, question_id, score, is_auto_graded, feedback, graded_by, graded_at)
       SELECT submission_id, question_id, score, is_auto_graded, feedback, graded_by, updated_at FROM grades WHERE submission_id = ANY($1::uuid[])`,
      [replaced],
    );
    await m.query('DELETE FROM grades WHERE submission_id = ANY($1::uuid[])', [replaced]);
    await m.query('DELETE FROM submission_answers WHERE submission_id = ANY($1::uuid[])', [replaced]);
  }

  const answers = { sid: [] as string[], qid: [] as string[], text: [] as string[], opts: [] as string[] };
  const grades = { sid: [] as string[], qid: [] as string[], score: [] as number[], explanation: [] as string[] };
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
  await m.query(
    `WITH added AS (
       INSERT INTO submission_answers (submission_id, question_id, answer, selected_option_ids)
       SELECT x.sid, x.qid, x.answer, ARRAY(SELECT jsonb_array_elements_text(x.opts))::uuid[]
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::jsonb[]) AS x(sid, qid, answer, opts)
       ON CONFLICT (submission_id, question_id) DO NOTHING RETURNING submission_id, question_id)
     INSERT INTO grades (submission_id, question_id, score, auto_score, is_auto_graded, explanation)
     SELECT g.sid, g.qid, g.score, g.score, true, g.explanation
       FROM unnest($5::uuid[], $6::uuid[], $7::numeric[], $8::jsonb[]) AS g(sid, qid, score, explanation)
       JOIN added ON added.submission_id = g.sid AND added.question_id = g.qid
     ON CONFLICT (submission_id, question_id) DO NOTHING`,
    [answers.sid, answers.qid, answers.text, answers.opts, grades.sid, grades.qid, grades.score, grades.explanation],
  );
  await m.query(
    `UPDATE submissions s SET
            total_score = COALESCE((SELECT sum(g.score) FROM grades g WHERE g.submission_id = s.id), 0),
            status = CASE WHEN (SELECT count(*) FROM grades g WHERE g.submission_id = s.id)
                               >= (SELECT count(*) FROM questions q WHERE q.assessment_id = s.assessment_id AND ${questionOfStudentSql('q', 's.student_id')})
                          THEN 'graded' ELSE 'pending' END,
            max_score = COALESCE((SELECT sum(q.points)::int FROM questions q WHERE q.assessment_id = s.assessment_id AND ${questionOfStudentSql('q', 's.student_id')}), 0),
            updated_at = clock_timestamp()
      WHERE s.id = ANY($1::uuid[])`,
    [claimed.map((c) => c.id)],
  );
  // a file the student attached to a long answer of their draft goes with the submitted answer (issue 25's draft
  // files): the answer now references it, so it outlives the draft the next statement removes
  await m.query(
    `UPDATE submission_answers sa SET file_id = df.file_id, file_name = df.file_name
       FROM submissions s JOIN submission_draft_files df ON df.assessment_id = s.assessment_id AND df.student_id = s.student_id
      WHERE s.id = ANY($1::uuid[]) AND sa.submission_id = s.id AND sa.question_id = df.question_id AND sa.file_id IS NULL`,
    [claimed.map((c) => c.id)],
  );
  await m.query(
    `DELETE FROM submission_drafts d USING unnest($1::uuid[], $2::uuid[]) AS x(aid, sid)
      WHERE d.assessment_id = x.aid AND d.student_id = x.sid`,
    pairs,
  );
  return { claimed, more };
}
