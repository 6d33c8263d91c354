import { DataSource } from 'typeorm';
import { Actor, can } from '../../policies';
import { readableStudent } from '../../policies/children';
import { AssessmentKind } from '../assessments';
import { Page, PageWindow } from '../../core/paging';
import { AttendanceService, OwnListFilter, AttendanceSummary, attendanceRate } from '../attendance';
import { CoursesService, CourseRowsAsked, WHOLE_COURSES } from '../courses';
import { studentStanding, submissionRowsById, percentOf, SubmissionsService, statusOf, MyAssessmentStatus } from '../submissions';
import { User } from '../users';
import { CardItemRow, cardItemRows, childRows } from './families.repository';
import { FAMILY_TEXT } from './families.texts';
import { ChildAssessment, ChildCardItem, ChildSummary } from './families.types';

/**
 * What a parent reads of a linked child (issue 17): the student's view asked by its reader, under rules that name
 * the relation ('family.readStudentView', 'family.readStudentCourse', 'family.readStudentItem': the reader may read
 * the student's view, and the course or item is the student's), so a parent never gets more than the child would;
 * results and feedback pass the same 'submission.see*' rules, which name linked parents.
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
    const items = await cardItemRows(
      this.ds,
      children.map((c) => c.id),
    );
    const graded = await submissionRowsById(
      this.ds,
      items.filter((i) => i.submission_id).map((i) => i.submission_id!),
    );
    const rowOf = new Map(graded.map((r) => [r.id, r]));
    const now = new Date();
    const card = (i: CardItemRow): ChildCardItem => {
      const row = i.submission_id ? (rowOf.get(i.submission_id) ?? null) : null;
      const standing = studentStanding({ dueDate: i.due_date }, row, now);
      // the score passes the child's own rule, asked for the parent ('submission.seeResults' names linked parents)
      const score =
        row && this.submissions.seen(actor, row).results
          ? {
              totalScore: row.totalScore,
              maxScore: row.maxScore,
              percentage: percentOf(row.totalScore, row.maxScore),
              isAutoSubmitted: row.isAutoSubmitted,
            }
          : null;
      return Object.assign(new ChildCardItem(), {
        assessmentId: i.assessment_id,
        kind: i.kind as AssessmentKind,
        title: i.title,
        courseTitle: i.course_title,
        subjectName: i.subject_name,
        dueDate: standing.dueDate,
        label: standing.label,
        score,
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
        attendance: Object.assign(new AttendanceSummary(), {
          ...counts,
          total: c.present + c.late + c.absent,
          rate: attendanceRate(counts),
        }),
        recentGraded: mine.filter((i) => i.list === 'graded').map(card),
        dueSoon: mine.filter((i) => i.list === 'due').map(card),
      });
    });
  }

  /** The child's placement and courses (the student's own courses query); of each course what `asked` says. */
  courseList(actor: Actor, studentId: unknown, asked: CourseRowsAsked = WHOLE_COURSES) {
    return this.courses.coursesOfStudent(actor, readableStudent(actor, studentId, FAMILY_TEXT.studentNotFound), asked);
  }

  /**
   * The child's assignments, exams and quizzes with their status and submission (answers, scores and feedback as
   * the child may see them), by the due date that applies to the child: items, standings and submissions in one
   * statement whatever the number of items (submissions.my-list.ts, behind 'family.readStudentItem'). REST reads it whole.
   */
  async assessments(actor: Actor, studentId: unknown): Promise<ChildAssessment[]> {
    return (await this.itemsOf(actor, readableStudent(actor, studentId, FAMILY_TEXT.studentNotFound), null)).items;
  }

  /** One window of `assessments`, in the same order: a walk meets each item once. */
  async assessmentsPage(actor: Actor, studentId: unknown, window: PageWindow): Promise<Page<ChildAssessment>> {
    return this.itemsOf(actor, readableStudent(actor, studentId, FAMILY_TEXT.studentNotFound), window);
  }

  private async itemsOf(actor: Actor, studentId: string, window: PageWindow | null): Promise<Page<ChildAssessment>> {
    const { items, total } = await this.submissions.studentList(actor, studentId, window);
    return {
      total,
      window: window ?? { offset: 0, limit: items.length },
      items: items.map((i) =>
        Object.assign(new ChildAssessment(), {
          assessment: i.assessment,
          status: Object.assign(new MyAssessmentStatus(), statusOf(i)),
          submission: i.submission,
        }),
      ),
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
