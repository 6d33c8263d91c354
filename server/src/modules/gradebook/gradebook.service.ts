import { DataSource } from 'typeorm';
import { notFound } from '../../errors/domain-error';
import { readableStudent } from '../../policies/children';
import { Actor, authorize } from '../../policies';
import { CoursesService } from '../courses';
import { averageOf, shownTo, shownToItsStudent, standingOf, trendOf } from './gradebook.compute';
import { gradebookRows, studentById, studentCourseRows } from './gradebook.repository';
import { CourseGrades, Gradebook, GradebookCell, GradebookColumn, GradebookRow, StudentGrades } from './gradebook.types';

/** Texts of the grades domain. */
export const GRADES_TEXT = {
  studentNotFound: 'Student not found',
  notYours: 'Only students see their own grades',
  cannotGradebook: 'Only the teachers of this course can open its gradebook',
};

/**
 * Grades (issue 17): a student's report (each course of their class with its items, the course average and
 * its trend) and a course's gradebook (students x assessments). Averages are points earned over points
 * possible of graded work whose result the student may see ('submission.seeResults' for the student), so
 * the student, their parents, the admins and the gradebook all show the same number. Each read runs a fixed
 * number of statements.
 */
export class GradebookService {
  constructor(
    private readonly ds: DataSource,
    private readonly courses: CoursesService,
  ) {}

  /** myGrades and GET /grades/me: the signed-in student's report. */
  async mine(actor: Actor): Promise<StudentGrades> {
    authorize(actor, 'grades.readOwn', undefined, { message: GRADES_TEXT.notYours });
    return this.report(actor, (await studentById(this.ds, actor.userId))!);
  }

  /** studentGrades and GET /students/{id}/grades: the student, a linked parent, SuperAdmin and Admin (others: not found). */
  async ofStudent(actor: Actor, studentId: unknown): Promise<StudentGrades> {
    const id = readableStudent(actor, studentId, GRADES_TEXT.studentNotFound);
    const student = await studentById(this.ds, id);
    if (!student?.isStudent) throw notFound(GRADES_TEXT.studentNotFound);
    return this.report(actor, student);
  }

  /**
   * The report as the student sees it, whoever asks: the courses and items of the student's view for this reader
   * ('family.readStudentCourse', 'family.readStudentItem'), each score as the student sees it ('resultsShown'),
   * so nobody gets a result or an average the student cannot see.
   */
  private async report(reader: Actor, { id, firstName, lastName, email }: StudentGrades['student']): Promise<StudentGrades> {
    const rows = await studentCourseRows(this.ds, reader, id);
    const now = new Date();
    const courses = new Map<string, Pick<CourseGrades, 'courseId' | 'courseTitle' | 'subjectName' | 'items'>>();
    for (const r of rows) {
      if (!courses.has(r.courseId))
        courses.set(r.courseId, { courseId: r.courseId, courseTitle: r.courseTitle, subjectName: r.subjectName, items: [] });
      if (!r.column) continue;
      const s = standingOf(r.column, r.submission, id, shownToItsStudent, now);
      courses.get(r.courseId)!.items.push({
        assessmentId: r.column.id,
        kind: r.column.kind,
        title: r.column.title,
        dueDate: r.column.dueDate,
        submittedAt: s.submittedAt,
        status: s.status,
        statusLabel: s.statusLabel,
        isAutoSubmitted: s.isAutoSubmitted,
        score: s.score,
        maxScore: s.maxScore,
        percentage: s.percentage,
        countsTowardAverage: s.countsTowardAverage,
      });
    }
    // plain objects: default resolvers read them
    return {
      student: { id, firstName, lastName, email },
      courses: [...courses.values()].map((c) => ({ ...c, ...averageOf(c.items), trend: trendOf(c.items) })),
    };
  }

  /** gradebook and GET /courses/{id}/gradebook: its teachers, SuperAdmin and Admin; others who cannot read the course: not found. */
  async gradebook(actor: Actor, courseId: unknown): Promise<Gradebook> {
    const facts = await this.courses.readable(actor, courseId);
    authorize(actor, 'grades.gradebook', facts, { message: GRADES_TEXT.cannotGradebook });
    const { header, columns, students, submissions } = await gradebookRows(this.ds, facts.id);
    const now = new Date();
    const byCell = new Map(submissions.map((s) => [`${s.studentId}:${s.assessmentId}`, s]));
    const rows = students.map((student): GradebookRow => {
      const cells: GradebookCell[] = columns.map((col) =>
        standingOf(col, byCell.get(`${student.id}:${col.id}`) ?? null, student.id, shownTo(actor), now),
      );
      return { student, cells, ...averageOf(cells) };
    });
    // plain objects: default resolvers read them (the rows and csv fields take the gradebook as their root)
    return {
      ...header,
      columns: columns.map((c): GradebookColumn => ({
        id: c.id,
        kind: c.kind,
        title: c.title,
        dueDate: c.dueDate,
        totalPoints: c.totalPoints,
        visibleToStudents: c.visible,
        resultsShown: c.visibility !== 'manual' || c.released,
      })),
      rows,
    };
  }
}
