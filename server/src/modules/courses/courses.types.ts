import type { GraphQLResolveInfo } from 'graphql';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { asksOnly, mayAsk } from '../../core/selection';
import { CourseRowsAsked, LEAN_COURSE_FIELDS } from './courses.list';
import { MY_COURSES_LEAN } from './courses.my-courses';
import { AcademicYear, SchoolClass, Subject } from '../academic';
import { Course } from './course.entity';
import { Connection, PageLimits } from '../../core/paging';

/** Every course of the school for SuperAdmin and Admin: 100 a page unless asked, at most 500. */
export const COURSE_PAGE: PageLimits = { max: 500, size: 100 };

export const CourseConnection = Connection(Course, 'Course', 'courses, newest year first then by class, subject and title');

@InputType({ description: 'A new course for a class, subject and year the teacher is assigned to (REST: POST /api/courses).' })
export class CreateCourseInput {
  @Field({ description: 'The course code (title); required.' })
  title: string;

  @Field({ nullable: true, description: 'Free text.' })
  description?: string;

  @Field(() => ID, { description: 'The subject (REST: subject).' })
  subjectId: string;

  @Field(() => ID, { description: 'The class (REST: class).' })
  classId: string;

  @Field(() => ID, { description: 'The academic year (REST: academicYear).' })
  academicYearId: string;
}

@InputType({ description: 'Changes to a course: title and description; fields not given stay as they are (REST: PUT /api/courses/{id}).' })
export class UpdateCourseInput {
  @Field(() => ID, { description: 'The course to change.' })
  id: string;

  @Field({ nullable: true, description: 'New course code; must not be blank.' })
  title?: string;

  @Field({ nullable: true, description: 'New description; null or blank clears it.' })
  description?: string;

  @Field(() => Int, {
    nullable: true,
    description: 'The version you edited; if someone changed the course since, the update is refused (CONFLICT).',
  })
  version?: number;
}

@InputType({
  description:
    'Reuse one of your courses for another class, subject or year: a deep copy of its modules and content (REST: POST /api/courses/reuse/clone/{courseId}).',
})
export class CloneCourseInput {
  @Field(() => ID, { description: 'The course to copy; one of yours.' })
  courseId: string;

  @Field(() => ID, { description: 'Year of the copy (REST: newAcademicYear).' })
  newAcademicYearId: string;

  @Field(() => ID, { description: 'Class of the copy (REST: newClass).' })
  newClassId: string;

  @Field(() => ID, { description: 'Subject of the copy (REST: newSubject).' })
  newSubjectId: string;

  @Field({ description: 'Course code of the copy; required.' })
  title: string;

  @Field({ nullable: true, description: "Description of the copy; the original's when not given." })
  description?: string;
}

@ObjectType({ description: "A subject the teacher teaches in a class, with the teacher's courses for it." })
export class TeacherCourseSubject {
  @Field(() => Subject, { description: 'The subject.' })
  subject: Subject;

  @Field(() => ID, {
    nullable: true,
    description:
      'The allocation (which teachers teach this subject to the class) behind this row; null when the allocation was removed but courses remain.',
  })
  allocationId: string | null;

  @Field(() => [Course], { description: "The teacher's courses for this class, subject and year, by title." })
  courses: Course[];
}

@ObjectType({ description: 'A class the teacher teaches in, with the subjects taught there.' })
export class TeacherCourseClass {
  @Field(() => SchoolClass, { description: 'The class.' })
  class: SchoolClass;

  @Field(() => [TeacherCourseSubject], { description: 'Subjects by name.' })
  subjects: TeacherCourseSubject[];
}

@ObjectType({ description: "An academic year of the teacher's allocations (My Courses page)." })
export class TeacherCourseYear {
  @Field(() => AcademicYear, { description: 'The academic year.' })
  academicYear: AcademicYear;

  @Field(() => [TeacherCourseClass], { description: 'Classes by name.' })
  classes: TeacherCourseClass[];
}

@ObjectType({ description: "Where a student is placed (the purple header of My Classes; nulls show 'Not Assigned')." })
export class StudentInfo {
  @Field(() => AcademicYear, { nullable: true, description: "The student's academic year." })
  academicYear: AcademicYear | null;

  @Field(() => SchoolClass, { nullable: true, description: "The student's class." })
  class: SchoolClass | null;
}

@ObjectType({ description: "A student's courses: those of their own class and academic year." })
export class StudentCourses {
  @Field(() => StudentInfo, { description: "The student's placement." })
  studentInfo: StudentInfo;

  /** The courses, by subject name then title (the GraphQL field, with its `first`, is StudentCoursesResolver's). */
  courses: Course[];
}

/**
 * Whether the operation asks of My Courses no more than MY_COURSES_LEAN's fields at each level (through aliases and
 * fragments): its statement then builds them lean (courses.my-courses.ts).
 */
export const myCoursesAskedLean = (info: GraphQLResolveInfo): boolean =>
  asksOnly(info, ['academicYear'], Object.keys(MY_COURSES_LEAN.academicYear)) &&
  asksOnly(info, ['classes', 'class'], Object.keys(MY_COURSES_LEAN.class)) &&
  asksOnly(info, ['classes', 'subjects', 'subject'], Object.keys(MY_COURSES_LEAN.subject)) &&
  asksOnly(info, ['classes', 'subjects', 'courses'], Object.keys(MY_COURSES_LEAN.courses));

/** What an operation asking for a StudentCourses answer may ask of its courses (studentCourses, childCourses). */
export const coursesAsked = (info: GraphQLResolveInfo): CourseRowsAsked => ({
  teachers: mayAsk(info, ['courses', 'teachers']),
  whole: !asksOnly(info, ['courses'], LEAN_COURSE_FIELDS),
});
