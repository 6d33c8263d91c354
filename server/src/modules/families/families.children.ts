import { DataSource } from 'typeorm';
import { Actor, can } from '../../policies';
import { readableStudent, studentViewer } from '../../policies/children';
import { Assessment, AssessmentKind } from '../assessments/assessment.entity';
import { readableAssessmentQuery } from '../assessments/assessments.queries';
import { Page, PageWindow, pageOfQuery } from '../../app/paging';
import { AttendanceService, OwnListFilter } from '../attendance/attendance.service';
import { AttendanceSummary } from '../attendance/attendance.types';
import { attendanceRate } from '../attendance/attendance.validation';
import { CoursesService } from '../courses/courses.service';
import { effectiveDueSql, studentStanding } from '../submissions/status';
import { submissionRowsById, percentOf } from '../submissions/submissions.queries';
import { SubmissionsService } from '../submissions/submissions.service';
import { MyAssessmentStatus } from '../submissions/submission.types';
import { User } from '../users/user.entity';
import { CardItemRow, cardItemRows, childRows } from './families.queries';
import { FAMILY_TEXT } from './families.texts';
import { ChildAssessment, ChildCardItem, ChildSummary } from './families.types';

/**
 * What a parent reads of a linked child (issue 17): the child's own queries asked with the child as viewer
 * (policies/children.ts `studentViewer`, authorized by 'family.readStudentView'), so a parent never gets more
 * than the child would; results and feedback pass the same 'submission.see*' rules, which name linked parents.
 */
export class ChildrenService {
  constructor(
    private readonly ds: DataSource,
    private readonly courses: CoursesService,
    private readonly submissions: SubmissionsService,
    private readonly attendance: AttendanceService,
  ) {}

  /** The parent dashboard: every linked child's card, in three statements whatever the number of children and items. */
  async summaries(actor: Actor): Promise<ChildSummary[]> {
    // Actor.childIds is the parent rule's own list ('family.readChild'): empty for every other role
    const readable = actor.childIds.filter((studentId) => can(actor, 'family.readChild', { studentId }));
    if (!readable.length) return [];
    const children = await childRows(this.ds, readable);
    const items = await cardItemRows(this.ds, children.map((c) => c.id));
    const graded = await submissionRowsById(this.ds, items.filter((i) => i.submission_id).map((i) => i.submission_id!));
    const rowOf = new Map(graded.map((r) => [r.id, r]));
    const now = new Date();
    const card = (i: CardItemRow): ChildCardItem => {
      const row = i.submission_id ? rowOf.get(i.submission_id) ?? null : null;
      const standing = studentStanding({ dueDate: i.due_date }, row, now);
      // the score passes the child's own rule, asked for the parent ('submission.seeResults' names linked parents)
      const score = row && this.submissions.seen(actor, row).results
        ? { totalScore: row.totalScore, maxScore: row.maxScore, percentage: percentOf(row.totalScore, row.maxScore), isAutoSubmitted: row.isAutoSubmitted }
        : null;
      return Object.assign(new ChildCardItem(), {
        assessmentId: i.assessment_id, kind: i.kind as AssessmentKind, title: i.title, courseTitle: i.course_title, subjectName: i.subject_name,
        dueDate: standing.dueDate, label: standing.label, score,
      });
    };
    return children.map((c) => {
      const counts = { present: c.present, late: c.late, absent: c.absent };
      const mine = items.filter((i) => i.student_id === c.id);
      return Object.assign(new ChildSummary(), {
        child: Object.assign(new User(), { id: c.id, firstName: c.first_name, lastName: c.last_name, role: 'Student' }),
        className: c.class_name,
        academicYear: c.year,
        coursesCount: c.courses,
        attendance: Object.assign(new AttendanceSummary(), { ...counts, total: c.present + c.late + c.absent, rate: attendanceRate(counts) }),
        recentGraded: mine.filter((i) => i.list === 'graded').map(card),
        dueSoon: mine.filter((i) => i.list === 'due').map(card),
      });
    });
  }

  /** The child's placement and courses (the student's own courses query). */
  courseList(actor: Actor, studentId: unknown) {
    return this.courses.studentCourses(studentViewer(actor, studentId, FAMILY_TEXT.studentNotFound));
  }

  /**
   * The child's assignments, exams and quizzes with their status and submission (answers, scores and
   * feedback as the child may see them), by the due date that applies to the child; a fixed number of
   * statements whatever the number of items. REST reads it whole.
   */
  async assessments(actor: Actor, studentId: unknown): Promise<ChildAssessment[]> {
    const child = studentViewer(actor, studentId, FAMILY_TEXT.studentNotFound);
    const items = await this.childItems(child).getMany();
    return (await this.shape(actor, child, { items, total: items.length, window: { offset: 0, limit: items.length } })).items;
  }

  /** One window of `assessments`, in the same order: a walk meets each item once. */
  async assessmentsPage(actor: Actor, studentId: unknown, window: PageWindow): Promise<Page<ChildAssessment>> {
    const child = studentViewer(actor, studentId, FAMILY_TEXT.studentNotFound);
    return this.shape(actor, child, await pageOfQuery(this.childItems(child), window));
  }

  /** Every item the child may read, of every kind, by the due date that applies to them (their extension when reopened), then id. */
  private childItems(child: Actor) {
    const due = `COALESCE((SELECT ${effectiveDueSql('a', 'cs')} FROM submissions cs WHERE cs.assessment_id = a.id AND cs.student_id = :child), a.due_date)`;
    return readableAssessmentQuery(this.ds, child, {}).orderBy(due, 'ASC').addOrderBy('a.id', 'ASC').setParameter('child', child.userId);
  }

  private async shape(actor: Actor, child: Actor, page: Page<Assessment>): Promise<Page<ChildAssessment>> {
    const mine = await this.submissions.withStanding(child, page);
    const rows = await submissionRowsById(this.ds, mine.items.flatMap((i) => (i.submissionId ? [i.submissionId] : [])));
    // the submissions are shaped for the reader (the parent), whose rules give the child's results and no more
    const subs = new Map((await this.submissions.views(actor, rows)).map((s) => [s.assessmentId, s]));
    return {
      ...page,
      items: mine.items.map((i) => Object.assign(new ChildAssessment(), {
        assessment: i.assessment,
        status: Object.assign(new MyAssessmentStatus(), { ...i.standing, score: i.score, submissionId: i.submissionId }),
        submission: subs.get(i.assessment.id) ?? null,
      })),
    };
  }

  /** A page of the child's attendance with its summary and rate (the student's own attendance query). */
  attendancePage(actor: Actor, studentId: unknown, f: OwnListFilter, window: PageWindow | null = null) {
    return this.attendance.studentPage(readableStudent(actor, studentId, FAMILY_TEXT.studentNotFound), f, window);
  }

  /** Every attendance record of the child with the summary (REST). */
  attendanceAll(actor: Actor, studentId: unknown, f: OwnListFilter) {
    return this.attendance.studentAll(readableStudent(actor, studentId, FAMILY_TEXT.studentNotFound), f);
  }
}
