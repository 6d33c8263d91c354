import { DataSource, EntityManager } from 'typeorm';
import { conflict, notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { refId } from '../../core/input';
import { Actor, authorize } from '../../policies';
import { Assessment, AssessmentKind, AssessmentsService, refreshSubmissions } from '../assessments';
import { SubmissionsService, SubmissionRow, submissionRowsById, SUBMISSION_TEXT, Submission } from '../submissions';
import type { Events } from '../../core/events';
import { CommentBankService } from './grading.comment-bank';
import { GRADING_TEXT as T, GradeItem, checkScore, gradeFields, gradeList, reopenDueDate } from './grading.validation';
import { AuditEntry, recordAudit, AuditKind } from '../audit';
import {
  CurrentGrade,
  currentGrades,
  insertForGrading,
  insertTeacherGrade,
  itemVisible,
  lockSubmission,
  studentName,
  studentQuestions,
  studentTargeting,
  submissionIdOf,
  updateTeacherGrade,
  upsertReopened,
} from './grading.repository';

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
      if (!(await lockSubmission(m, sid))) throw notFound(SUBMISSION_TEXT.notFound);
      // only the student's questions: the fixed ones and those drawn for them; numbered as they see them
      const questions = await studentQuestions(m, qids, row.assessmentId, row.studentId);
      const byId = new Map(questions.map((q) => [q.id, q]));
      const current = await currentGrades(m, sid, qids);
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

  /**
   * The conflict for a save based on a grade that is no longer there: named for its teacher; an automatic
   * grade (a resubmit or a regrade wrote it) for the automatic grading; a grade that is gone (the student
   * resubmitted, which replaces the grades) for the student.
   */
  private async changed(m: EntityManager, current: CurrentGrade | null, studentId: string, questionId?: string) {
    let name: string;
    if (current) name = current.grader ?? T.automaticGrader;
    else name = (await studentName(m, studentId)) ?? T.automaticGrader;
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
      await insertTeacherGrade(m, sid, qid, score, feedback, actor.userId);
      return change;
    }
    await updateTeacherGrade(m, current.id, score, feedback, actor.userId);
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
    const u = await studentTargeting(m, a, studentId);
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
      const reopened = await upsertReopened(m, assessment.id, studentId, due, assessment.totalPoints);
      await this.events.emit(m, 'submissionReopened', { submissionId: reopened });
      return reopened;
    });
    // a hidden item (or one in a hidden module) stays out of the student's reach: the teacher is told (issue 24)
    const visible = await itemVisible(this.ds, assessment.id);
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
    const existing = await submissionIdOf(this.ds, assessment.id, studentId);
    if (existing) return { submission: await this.submissions.get(actor, existing), kind: assessment.kind, created: false };
    await this.checkTargeted(this.ds, assessment, studentId);
    if (Date.now() <= assessment.dueDate.getTime()) throw validation(T.notYetDue(assessment.kind));
    const inserted = await insertForGrading(this.ds, assessment.id, studentId, assessment.totalPoints);
    // another teacher's click (or the overdue sweep) came first: theirs is the one
    const id = inserted[0]?.id ?? (await submissionIdOf(this.ds, assessment.id, studentId))!;
    return { submission: await this.submissions.get(actor, id), kind: assessment.kind, created: inserted.length > 0 };
  }
}
