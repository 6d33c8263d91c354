import { Course } from './course.entity';
import { User } from '../users/user.entity';

/** A person as REST shows them next to courses and posts (platform.md section 3). */
export const personRest = (u: User | null | undefined) =>
  u ? { id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, role: u.role } : null;

/**
 * A course as platform.md section 3 names it: subject {name}, class {name}, academicYear {year},
 * teachers (firstName, lastName). Plain objects, so `toRest` only renames id to _id.
 */
export const courseRest = (c: Course) => ({
  id: c.id,
  title: c.title,
  description: c.description,
  subject: c.subject ? { id: c.subject.id, name: c.subject.name } : { id: c.subjectId },
  class: c.class ? { id: c.class.id, name: c.class.name, grade: c.class.grade } : { id: c.classId },
  academicYear: c.academicYear ? { id: c.academicYear.id, year: c.academicYear.year, isActive: c.academicYear.isActive } : { id: c.academicYearId },
  teachers: (c.teachers ?? []).map(personRest),
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  version: c.version,
});
