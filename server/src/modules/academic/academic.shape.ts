import { toRest } from '../../app/rest';
import { AcademicYear } from './academic-year.entity';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';
import { TeacherAssignment } from './teacher-assignment.entity';
import type { PlacedUser } from './placement.service';

/**
 * REST bodies as platform.md section 7 names them (references as {_id, name}-style objects). Plain
 * objects, so `toRest` only renames id to _id and formats dates.
 */
export const yearRest = (y: AcademicYear) => ({
  id: y.id,
  year: y.year,
  isActive: y.isActive,
  createdAt: y.createdAt,
  version: y.version,
});

export const classRest = (c: SchoolClass) => ({
  id: c.id,
  name: c.name,
  grade: c.grade,
  academicYear: c.academicYear ? { id: c.academicYear.id, year: c.academicYear.year } : null,
  description: c.description,
  isActive: c.isActive,
  createdAt: c.createdAt,
  version: c.version,
});

export const subjectRest = (s: Subject) => ({
  id: s.id,
  name: s.name,
  description: s.description,
  isActive: s.isActive,
  createdAt: s.createdAt,
  version: s.version,
});

export const assignmentRest = (a: TeacherAssignment) => ({
  id: a.id,
  teachers: (a.teachers ?? []).map((t) => ({ id: t.id, firstName: t.firstName, lastName: t.lastName, email: t.email })),
  class: a.class ? { id: a.class.id, name: a.class.name, grade: a.class.grade } : null,
  subject: a.subject ? { id: a.subject.id, name: a.subject.name } : null,
  academicYear: a.academicYear ? { id: a.academicYear.id, year: a.academicYear.year } : null,
  createdAt: a.createdAt,
  version: a.version,
});

/**
 * A user for REST with its placement (platform.md section 3: class {_id, name} and academicYear {_id, year}
 * for students, null otherwise). `toRest` shows only a type's own @Field properties, and these two come
 * from field resolvers, so they are added here after the user is shaped.
 */
export const placedUserRest = (u: PlacedUser) => ({
  ...(toRest(u) as Record<string, unknown>),
  class: u.class ? { id: u.class.id, name: u.class.name } : null,
  academicYear: u.academicYear ? { id: u.academicYear.id, year: u.academicYear.year } : null,
});
