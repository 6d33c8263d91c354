import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { presentPersonName } from '../users';
import { AcademicYear } from './academic-year.entity';
import { AcademicPeriod } from './academic-period.entity';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';
import { Allocation } from './allocation.entity';

/**
 * REST presenters of the academic structure, as platform.md section 7 names the bodies (references as
 * {_id, name}-style objects). The viewer comes first; the generic shaper only renames id to _id and
 * formats dates.
 */
export const presentYear = presenter((_viewer: Actor, y: AcademicYear) => ({
  id: y.id,
  year: y.year,
  isActive: y.isActive,
  startDate: y.startDate,
  endDate: y.endDate,
  createdAt: y.createdAt,
  version: y.version,
}));

/** A term or grading period, in the GraphQL type's words. */
export const presentPeriod = presenter((_viewer: Actor, p: AcademicPeriod) => ({
  id: p.id,
  academicYear: p.academicYearId,
  parent: p.parentId,
  type: p.type,
  title: p.title,
  startDate: p.startDate,
  endDate: p.endDate,
}));

export const presentClass = presenter((_viewer: Actor, c: SchoolClass) => ({
  id: c.id,
  name: c.name,
  grade: c.grade,
  academicYear: c.academicYear ? { id: c.academicYear.id, year: c.academicYear.year } : null,
  description: c.description,
  isActive: c.isActive,
  createdAt: c.createdAt,
  version: c.version,
}));

export const presentSubject = presenter((_viewer: Actor, s: Subject) => ({
  id: s.id,
  name: s.name,
  description: s.description,
  isActive: s.isActive,
  createdAt: s.createdAt,
  version: s.version,
}));

export const presentAllocation = presenter((viewer: Actor, a: Allocation) => ({
  id: a.id,
  teachers: (a.teachers ?? []).map((t) => presentPersonName(viewer, t)),
  class: a.class ? { id: a.class.id, name: a.class.name, grade: a.class.grade } : null,
  subject: a.subject ? { id: a.subject.id, name: a.subject.name } : null,
  academicYear: a.academicYear ? { id: a.academicYear.id, year: a.academicYear.year } : null,
  createdAt: a.createdAt,
  version: a.version,
}));
