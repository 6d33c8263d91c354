import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import type { ExternalGradebookColumn } from './gradebook.external';
import { Gradebook, StudentGrades } from './gradebook.types';

/** A student's grades report for REST: the GraphQL shape with _id for the student. */
export const presentStudentGrades = presenter((_viewer: Actor, g: StudentGrades) => ({
  student: { id: g.student.id, firstName: g.student.firstName, lastName: g.student.lastName, email: g.student.email },
  courses: g.courses.map((c) => ({
    courseId: c.courseId,
    courseTitle: c.courseTitle,
    subjectName: c.subjectName,
    pointsEarned: c.pointsEarned,
    pointsPossible: c.pointsPossible,
    average: c.average,
    items: c.items.map((i) => ({
      assessmentId: i.assessmentId,
      kind: i.kind,
      title: i.title,
      dueDate: i.dueDate,
      submittedAt: i.submittedAt,
      status: i.status,
      statusLabel: i.statusLabel,
      isAutoSubmitted: i.isAutoSubmitted,
      score: i.score,
      maxScore: i.maxScore,
      percentage: i.percentage,
      countsTowardAverage: i.countsTowardAverage,
    })),
    trend: c.trend.map((p) => ({ assessmentId: p.assessmentId, title: p.title, at: p.at, percentage: p.percentage, average: p.average })),
  })),
}));

/** A gradebook for REST: columns, then a row per student with a cell per column, and the columns applications keep (OneRoster). */
export const presentGradebook = presenter((_viewer: Actor, g: Gradebook, external: ExternalGradebookColumn[] = []) => ({
  courseId: g.courseId,
  courseTitle: g.courseTitle,
  subjectName: g.subjectName,
  className: g.className,
  yearLabel: g.yearLabel,
  columns: g.columns.map((c) => ({
    id: c.id,
    kind: c.kind,
    title: c.title,
    dueDate: c.dueDate,
    totalPoints: c.totalPoints,
    visibleToStudents: c.visibleToStudents,
    resultsShown: c.resultsShown,
  })),
  rows: g.rows.map((r) => ({
    student: { id: r.student.id, firstName: r.student.firstName, lastName: r.student.lastName, email: r.student.email },
    pointsEarned: r.pointsEarned,
    pointsPossible: r.pointsPossible,
    average: r.average,
    cells: r.cells.map((c) => ({
      assessmentId: c.assessmentId,
      submissionId: c.submissionId,
      status: c.status,
      statusLabel: c.statusLabel,
      isAutoSubmitted: c.isAutoSubmitted,
      score: c.score,
      maxScore: c.maxScore,
      percentage: c.percentage,
      countsTowardAverage: c.countsTowardAverage,
    })),
  })),
  externalColumns: external.map((c) => ({
    id: c.id,
    title: c.title,
    dueDate: c.dueDate,
    maxScore: c.maxScore,
    category: c.category,
    cells: c.cells.map((x) => ({ studentId: x.studentId, score: x.score, statusLabel: x.statusLabel, comment: x.comment })),
  })),
}));
