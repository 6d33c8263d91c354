import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { presentPerson } from '../users';
import { AcademicYear, SchoolClass } from '../academic';
import { Course } from './course.entity';

/**
 * A course as platform.md section 3 names it: subject {name}, class {name}, academicYear {year},
 * teachers (firstName, lastName; email only for viewers who may read the teacher).
 */
export const presentCourse = presenter((viewer: Actor, c: Course) => ({
  id: c.id,
  title: c.title,
  description: c.description,
  subject: c.subject ? { id: c.subject.id, name: c.subject.name } : { id: c.subjectId },
  class: c.class ? { id: c.class.id, name: c.class.name, grade: c.class.grade } : { id: c.classId },
  academicYear: c.academicYear
    ? { id: c.academicYear.id, year: c.academicYear.year, isActive: c.academicYear.isActive }
    : { id: c.academicYearId },
  teachers: (c.teachers ?? []).map((t) => presentPerson(viewer, t)),
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  version: c.version,
}));

/**
 * The course an item belongs to, inside the item's presenter: {_id, title, subject {name}, class {name},
 * academicYear {year}} when it was loaded (for page headers and reuse trees), else {_id}.
 */
export function coursePlace(c: Course | undefined, courseId: string) {
  if (!c) return { id: courseId };
  return {
    id: c.id,
    title: c.title,
    subject: c.subject ? { id: c.subject.id, name: c.subject.name } : null,
    class: c.class ? { id: c.class.id, name: c.class.name } : null,
    academicYear: c.academicYear ? { id: c.academicYear.id, year: c.academicYear.year } : null,
  };
}

/** GET /courses/student/all-courses: studentInfo with the student's academicYear and class. */
export const presentCourseStudentInfo = presenter(
  (_viewer: Actor, info: { academicYear: AcademicYear | null; class: SchoolClass | null }) => ({
    academicYear: info.academicYear
      ? { id: info.academicYear.id, year: info.academicYear.year, isActive: info.academicYear.isActive }
      : null,
    class: info.class ? { id: info.class.id, name: info.class.name, grade: info.class.grade } : null,
  }),
);
