import { ACADEMIC_TEXT } from '../academic';
import { freeText, refId, requiredText, versionOf } from '../../core/input';

/** Texts of courses and reuse; platform.md sections 5 and 8 name the fields, these say what went wrong. */
export const COURSE_TEXT = {
  titleRequired: 'Course code is required',
  notFound: 'Course not found',
  notAssigned: 'You can only create courses for classes and subjects you are assigned to teach',
  cannotManage: 'Only the teachers of this course can change it',
  cannotDelete: 'Only the teachers of this course or an administrator can delete it',
  ownCoursesOnly: 'You can only view your own courses',
  selectCourse: 'Please select a course to reuse',
  created: 'Course created successfully',
  updated: 'Course updated successfully',
  deleted: 'Course deleted successfully',
  cloned: 'Course reused successfully',
  titleTaken: (title: string) => `A course named ${title} already exists for this class, subject and year. Give the new one another name.`,
} as const;

export const TITLE_MAX = 200;

/** The longest body of a course's posts: its announcements and its discussions' threads and replies. */
export const POST_MAX = 20000;
export const DESCRIPTION_MAX = 5000;

export interface CourseFields {
  title: string;
  description: string;
  subjectId: string;
  classId: string;
  academicYearId: string;
}

/** A new course (or the target of a reuse): course code, and the class, subject and year it is for. */
export function validateNewCourse(input: {
  title?: unknown;
  description?: unknown;
  subjectId?: unknown;
  classId?: unknown;
  academicYearId?: unknown;
}): CourseFields {
  const title = requiredText(input.title, COURSE_TEXT.titleRequired, 'Course code', TITLE_MAX, undefined, 'title');
  const description = freeText(input.description, 'Description', DESCRIPTION_MAX, undefined, 'description') ?? '';
  const academicYearId = refId(input.academicYearId, ACADEMIC_TEXT.academicYearRequired, ACADEMIC_TEXT.yearNotFound, 'academicYearId');
  const classId = refId(input.classId, ACADEMIC_TEXT.classRequired, ACADEMIC_TEXT.classNotFound, 'classId');
  const subjectId = refId(input.subjectId, ACADEMIC_TEXT.subjectRequired, ACADEMIC_TEXT.subjectNotFound, 'subjectId');
  return { title, description, subjectId, classId, academicYearId };
}

/** An edit: title and description only (platform.md section 7, PUT /courses/{id}). */
export function validateCourseEdit(input: { title?: unknown; description?: unknown; version?: unknown }) {
  const set: { title?: string; description?: string } = {};
  if (input.title !== undefined)
    set.title = requiredText(input.title, COURSE_TEXT.titleRequired, 'Course code', TITLE_MAX, undefined, 'title');
  const description = freeText(input.description, 'Description', DESCRIPTION_MAX, undefined, 'description');
  if (description !== undefined) set.description = description;
  return { set, version: versionOf(input.version) };
}
