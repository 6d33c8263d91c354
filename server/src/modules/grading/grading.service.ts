import { DataSource, EntityManager } from 'typeorm';
import { conflict, notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { refId } from '../../core/input';
import { Actor, authorize } from '../../policies';
import {
  Assessment,
  AssessmentKind,
  AssessmentScope,
  ASSESSMENT_REF,
  AssessmentsService,
  refreshSubmissions,
  questionOfStudentSql,
} from '../assessments';
import { SubmissionsService, SubmissionRow, submissionRowsById, SUBMISSION_TEXT, Submission } from '../submissions';
import type { Events } from '../../core/events';
import { CommentBankService } from './grading.comment-bank';
import { GRADING_TEXT as T, GradeItem, checkScore, gradeFields, gradeList, reopenDueDate } from './grading.validation';
import { AuditEntry, recordAudit, AuditKind } from '../audit';

export interface GradeRequest {
  submissionId?: unknown;
  questionId?: unknown;
  score?: unknown;
  feedback?: unknown;
  expectedVersion?: unknown;
}

export interface GradeAllRequest {
  submissionId?: unknown;
  /** [{ questionId, score, feedback?, expectedVersion? }], each question at most once. */
  grades?: unknown;
}

export interface StudentRequest {
  assessmentId?: unknown;
  studentId?: unknown;
}

export interface ReopenRequest extends StudentRequest {
  newDueDate?: unknown;
}

/** The grade a teacher's save is checked against, locked for the transaction. */
interface CurrentGrade {
  id: string;
  score: number;
  feedback: string;
  version: number;
  is_auto_graded: boolean;
  grader: string | null;
}

/** What a conflict tells the second grader: the grade as it is now (extensions.current, REST `current`). */
export interface GradeNow {
  score: number | null;
  feedback: string;
  version: number;
  gradedByName: string | null;
}

/**
 * Teacher grading (assessments.md sections 4 "Teacher side", 5, 7 "Teacher grading"; issue 13 points 2-3):
 * per-question grades with a version check, reopen and 'Extend Again', and empty submissions created for
 * the manual grading of overdue students. Only the course's teachers do any of it.
 */
/** Where a grade is written: the submission (its row) and the question, with its number for the audit log. */
type GradePlace = Pick<SubmissionRow, 'id' | 'courseId' | 'assessmentId' | 'studentId'> & { questionId: string; questionNumber: number };

export class GradingService {
  /** Each teacher's feedback snippets (issue 25 point 3). */
  readonly commentBank: CommentBankService;

  constructor(
    private readonly ds: DataSource,
    private readonly assessments: AssessmentsService,
    private readonly submissions: SubmissionsService,
    private readonly events: Events,
  ) {
    this.commentBank = new CommentBankService(ds);
  }

  /**
   * gradeAnswer and PUT /submissions/grade (and twins): one question's score and feedback, through the same
   * write as Save all (applyGrades). A save that sent the version it saw is checked against it; a save without
   * one (the spec's REST calls) is applied in turn.
   */
  async gradeAnswer(actor: Actor, input: GradeRequest, kind?: AssessmentKind): Promise<Submission> {
    const sid = assertId(input.submissionId, SUBMISSION_TEXT.notFound);
    const fields = gradeFields(input);
    const row = await this.gradable(actor, sid, kind);
    const qid = assertId(input.questionId, T.questionNotInItem);
    await this.applyGrades(actor, row, [{ questionId: qid, ...fields }], false);
    return this.submissions.get(actor, sid);
  }

  /**
   * gradeSubmission and PUT /submissions/grades (and twins), 'Save all' (issue 25): every changed score and
   * feedback of one submission in one request and one transaction, each with its own version check; one
   * refused grade (a bad score, a stale version) writes none of them.
   */
  async gradeSubmission(actor: Actor, input: GradeAllRequest, kind?: AssessmentKind): Promise<Submission> {
    const sid = assertId(input.submissionId, SUBMISSION_TEXT.notFound);
    const grades = gradeList(input.grades, T.questionNotInItem);
    const row = await this.gradable(actor, sid, kind);
    await this.applyGrades(actor, row, grades, true);
    return this.submissions.get(actor, sid);
  }

  /** The submission (of `kind` when given) that the actor may grade; "not found" to those who may not read it. */
  private async gradable(actor: Actor, sid: string, kind?: AssessmentKind) {
    const [row] = await submissionRowsById(this.ds, [sid]);
    if (!row || (kind && row.kind !== kind)) throw notFound(SUBMISSION_TEXT.notFound);
    authorize(actor, 'submission.read', row, { as: 'notFound', message: SUBMISSION_TEXT.notFound });
    authorize(actor, 'submission.grade', row, { message: T.cannotGrade });
    return row;
  }

  /**
   * Every teacher's grade write, one question or many: the submission row is locked first (FOR UPDATE), so of
   * two saves of the same submission one waits for the other and then sees its version: the second is told
   * who changed the grade, never overwrites it silently. The grades, the total, the status and the
   * submission's version and updated_at change in one transaction; a refused score writes nothing. The
   * questions and current grades are read in one statement each, whatever the number of grades.
   * `named`: a conflict names its question (extensions.questionId), so Save all can show it where it belongs.
   */
  private async applyGrades(actor: Actor, row: SubmissionRow, grades: GradeItem[], named: boolean): Promise<void> {
    const sid = row.id;
    const qids = grades.map((g) => g.questionId);
    await this.ds.transaction(async (m) => {
      const locked: unknown[] = await m.query('SELECT 1 FROM submissions WHERE id = $1 FOR UPDATE', [sid]);
      if (!locked.length) throw notFound(SUBMISSION_TEXT.notFound);
      const questions: Array<{ id: string; points: number; number: number }> = await m.query(
        // only the student's questions: the fixed ones and those drawn for them; numbered as they see them
        `SELECT q.id, q.points,
                (SELECT count(*)::int FROM questions q2 WHERE q2.assessment_id = q.assessment_id AND ${questionOfStudentSql('q2', '$3')}
                    AND (q2.draw_id IS NOT NULL, q2.sort_order) <= (q.draw_id IS NOT NULL, q.sort_order)) AS number
           FROM questions q WHERE q.id = ANY($1::uuid[]) AND q.assessment_id = $2 AND ${questionOfStudentSql('q', '$3')}`,
        [qids, row.assessmentId, row.studentId],
      );
      const byId = new Map(questions.map((q) => [q.id, q]));
      const current = await this.currentGrades(m, sid, qids);
      const checked = grades.map((g) => {
        const q = byId.get(g.questionId);
        if (!q) throw validation(T.questionNotInItem);
        return { ...g, score: checkScore(g.score, q.points), number: q.number };
      });
      for (const g of checked) {
        const now = current.get(g.questionId) ?? null;
        // the version check is the web client's (it sends what it saw); a call without one is the spec's
        // REST client, whose save replaces the grade as a second click of 'Save' would (issue 24)
        if (g.expectedVersion !== undefined && (now?.version ?? 0) !== g.expectedVersion) {
          throw await this.changed(m, now, row.studentId, named ? g.questionId : undefined);
        }
      }
      const changes: AuditEntry[] = [];
      for (const g of checked) {
        const change = await this.writeGrade(
          m,
          actor,
          { ...row, questionId: g.questionId, questionNumber: g.number },
          current.get(g.questionId) ?? null,
          g.score,
          g.feedback,
        );
        if (change) changes.push(change);
      }
      // every changed grade on record, in one statement whatever their number
      await recordAudit(m, actor, changes);
      await refreshSubmissions(m, { submissionIds: [sid] }, [sid]);
      await this.events.emit(m, 'submissionsGraded', { submissionIds: [sid] });
    });
  }

  /** The current grades of `questionIds`, locked for the transaction, by question. */
  private async currentGrades(m: EntityManager, submissionId: string, questionIds: string[]): Promise<Map<string, CurrentGrade>> {
    const rows: Array<CurrentGrade & { question_id: string }> = await m.query(
      `SELECT g.id, g.question_id, g.score::float8 AS score, g.feedback, g.version, g.is_auto_graded, u.first_name || ' ' || u.last_name AS grader
         FROM grades g LEFT JOIN users u ON u.id = g.graded_by
        WHERE g.submission_id = $1 AND g.question_id = ANY($2::uuid[]) ORDER BY g.id FOR UPDATE OF g`,
      [submissionId, questionIds],
    );
    return new Map(rows.map((g) => [g.question_id, g]));
  }

  /**
   * The conflict for a save based on a grade that is no longer there: named for its teacher; an automatic
   * grade (a resubmit or a regrade wrote it) for the automatic grading; a grade that is gone (the student
   * resubmitted, which replaces the grades) for the student.
   */
  private async changed(m: EntityManager, current: CurrentGrade | null, studentId: string, questionId?: string) {
    let name: string;
    if (current) name = current.grader ?? T.automaticGrader;
    else {
      const [u]: Array<{ name: string }> = await m.query(`SELECT first_name || ' ' || last_name AS name FROM users WHERE id = $1`, [
        studentId,
      ]);
      name = u?.name ?? T.automaticGrader;
    }
    const now: GradeNow = current
      ? { score: current.score, feedback: current.feedback, version: current.version, gradedByName: current.grader }
      : { score: null, feedback: '', version: 0, gradedByName: null };
    return conflict(T.changedBy(name), questionId ? { current: now, questionId } : { current: now });
  }

  /**
   * A teacher's save. A score that differs from the automatic one overrides it: is_auto_graded false, the
   * automatic score kept in auto_score for reference. A save that keeps the automatic score (feedback only)
   * keeps the grade automatic, so a later edit of the key still regrades it. graded_by names the teacher
   * either way (the conflict message and gradedByName read it). Answers the change for the audit log (who,
   * from, to, which submission and question), or null when the save changed nothing.
   */
  private async writeGrade(
    m: EntityManager,
    actor: Actor,
    at: GradePlace,
    current: CurrentGrade | null,
    score: number,
    feedback: string | undefined,
  ): Promise<AuditEntry | null> {
    const { id: sid, questionId: qid } = at;
    const feedbackChanged = feedback !== undefined && feedback !== (current?.feedback ?? '');
    const change: AuditEntry | null =
      !current || current.score !== score || feedbackChanged
        ? {
            kind: AuditKind.GRADE_CHANGED,
            targetUserId: at.studentId,
            courseId: at.courseId,
            assessmentId: at.assessmentId,
            submissionId: sid,
            from: current ? current.score : null,
            to: score,
            note: `Question ${at.questionNumber}${current?.is_auto_graded ? ' (automatic grade overridden)' : ''}${feedbackChanged ? '; feedback changed' : ''}`,
          }
        : null;
    if (!current) {
      await m.query(
        `INSERT INTO grades (submission_id, question_id, score, feedback, is_auto_graded, graded_by, updated_at)
         VALUES ($1, $2, $3, $4, false, $5, clock_timestamp())`,
        [sid, qid, score, feedback ?? '', actor.userId],
      );
      return change;
    }
    await m.query(
      `UPDATE grades SET auto_score = CASE WHEN is_auto_graded THEN COALESCE(auto_score, score) ELSE auto_score END,
              is_auto_graded = is_auto_graded AND COALESCE(auto_score, score) = $2::numeric,
              score = $2, feedback = COALESCE($3, feedback), graded_by = $4, version = version + 1, updated_at = clock_timestamp()
        WHERE id = $1`,
      [current.id, score, feedback ?? null, actor.userId],
    );
    return change;
  }

  /** The item (its kind checked), the actor allowed by `rule` on its course, and the student's id. */
  private async itemForStudent(actor: Actor, input: StudentRequest, rule: 'submission.grade' | 'submission.reopen', kind?: AssessmentKind) {
    const { assessment, course } = await this.assessments.readable(actor, input.assessmentId, kind);
    authorize(actor, rule, course, { message: rule === 'submission.grade' ? T.cannotGrade : T.cannotReopen(assessment.kind) });
    const studentId = refId(input.studentId, T.studentNotFound, T.studentNotFound, 'studentId');
    return { assessment, studentId };
  }

  /**
   * The student is one the item is for: placed in its course's class and year (whole class), or among its
   * targets (individual students). One who already has a submission of it counts too (placements change).
   */
  private async checkTargeted(m: EntityManager | DataSource, a: Assessment, studentId: string): Promise<void> {
    const [u]: Array<{ targeted: boolean }> = await m.query(
      `SELECT (EXISTS (SELECT 1 FROM submissions s WHERE s.assessment_id = $1 AND s.student_id = u.id)
               OR CASE WHEN $3 = 'whole_class'
                       THEN EXISTS (SELECT 1 FROM courses c WHERE c.id = $4 AND c.class_id = u.class_id AND c.academic_year_id = u.academic_year_id)
                       ELSE EXISTS (SELECT 1 FROM assessment_targets t WHERE t.assessment_id = $1 AND t.student_id = u.id) END) AS targeted
         FROM users u WHERE u.id = $2 AND u.role = 'Student'`,
      [a.id, studentId, a.scope === AssessmentScope.whole_class ? 'whole_class' : 'individual_students', a.courseId],
    );
    if (!u) throw notFound(T.studentNotFound);
    if (!u.targeted) throw validation(T.notTargeted(a.kind));
  }

  /**
   * reopenSubmission and POST /submissions/reopen (and twins); again on a reopened one it is 'Extend Again'.
   * The student may submit again until the new due date (Resubmit). A student with no submission (overdue)
   * gets an empty reopened one (submitted_at null: nothing was handed in), so the due rule lets them submit;
   * one upsert under the unique (item, student), so a submit arriving meanwhile is reopened, not duplicated.
   */
  async reopen(
    actor: Actor,
    input: ReopenRequest,
    kind?: AssessmentKind,
  ): Promise<{ submission: Submission; kind: AssessmentKind; hidden: boolean }> {
    const { assessment, studentId } = await this.itemForStudent(actor, input, 'submission.reopen', kind);
    const due = reopenDueDate(input.newDueDate, assessment.dueDate, new Date());
    await this.checkTargeted(this.ds, assessment, studentId);
    const id = await this.ds.transaction(async (m) => {
      const [{ id: reopened }]: Array<{ id: string }> = await m.query(
        `INSERT INTO submissions (assessment_id, student_id, status, allowed_after_due, custom_due_date, submitted_at, max_score, updated_at)
         VALUES ($1, $2, 'reopened', true, $3, NULL, $4, clock_timestamp())
         ON CONFLICT (assessment_id, student_id) DO UPDATE
           SET status = 'reopened', allowed_after_due = true, custom_due_date = EXCLUDED.custom_due_date,
               version = submissions.version + 1, updated_at = clock_timestamp()
         RETURNING id`,
        [assessment.id, studentId, due, assessment.totalPoints],
      );
      await this.events.emit(m, 'submissionReopened', { submissionId: reopened });
      return reopened;
    });
    // a hidden item (or one in a hidden module) stays out of the student's reach: the teacher is told (issue 24)
    const [{ visible }]: Array<{ visible: boolean }> = await this.ds.query(
      `SELECT ${ASSESSMENT_REF.visible} AS visible FROM assessments a WHERE a.id = $1`,
      [assessment.id],
    );
    return { submission: await this.submissions.get(actor, id), kind: assessment.kind, hidden: !visible };
  }

  /**
   * createSubmissionForGrading and POST /submissions/create-for-grading (and twins): the dashboard's click on
   * an overdue student. An existing submission is returned as it is (created: false). Otherwise, only past
   * the due date (before it the student can still submit), an empty pending one: submitted_at stays null
   * because the student handed nothing in (the card shows no submitted time, and the regrade leaves its
   * questions to the teacher); not auto-submitted, since no sweep did it.
   */
  async createForGrading(
    actor: Actor,
    input: StudentRequest,
    kind?: AssessmentKind,
  ): Promise<{ submission: Submission; kind: AssessmentKind; created: boolean }> {
    const { assessment, studentId } = await this.itemForStudent(actor, input, 'submission.grade', kind);
    const existing = await this.existingId(this.ds, assessment.id, studentId);
    if (existing) return { submission: await this.submissions.get(actor, existing), kind: assessment.kind, created: false };
    await this.checkTargeted(this.ds, assessment, studentId);
    if (Date.now() <= assessment.dueDate.getTime()) throw validation(T.notYetDue(assessment.kind));
    const inserted: Array<{ id: string }> = await this.ds.query(
      `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score, updated_at)
       VALUES ($1, $2, 'pending', NULL, $3, clock_timestamp())
       ON CONFLICT (assessment_id, student_id) DO NOTHING RETURNING id`,
      [assessment.id, studentId, assessment.totalPoints],
    );
    // another teacher's click (or the overdue sweep) came first: theirs is the one
    const id = inserted[0]?.id ?? (await this.existingId(this.ds, assessment.id, studentId))!;
    return { submission: await this.submissions.get(actor, id), kind: assessment.kind, created: inserted.length > 0 };
  }

  private async existingId(m: DataSource | EntityManager, assessmentId: string, studentId: string): Promise<string | null> {
    const [s]: Array<{ id: string }> = await m.query('SELECT id FROM submissions WHERE assessment_id = $1 AND student_id = $2', [
      assessmentId,
      studentId,
    ]);
    return s?.id ?? null;
  }
}
