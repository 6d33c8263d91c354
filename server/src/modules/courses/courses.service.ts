import { DataSource, EntityManager } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { assertId, isId } from '../../core/ids';
import { requiredText, rethrowUnique } from '../../core/input';
import { Actor, authorize, can } from '../../policies';
import { ACADEMIC_TEXT } from '../academic';
import { Course } from './course.entity';
import { CourseFactsRow, FactsSource, factsOfColumns } from './courses.facts';
import { copyCourseModules } from './courses.repository.copy';
import { CourseDeleteImpact } from './courses.impact';
import { courseScope } from './courses.scope';
import { COURSE_TEXT as T, CourseFields, validateCourseEdit, validateNewCourse } from './courses.validation';
import { TeacherCourseYear } from './courses.types';
import { CoursePage, placePeople } from './courses.page';
import { CourseRowsAsked, WHOLE_COURSES, placeCourses } from './courses.list';
import { StudentCoursesAnswer, studentCoursesOf } from './courses.student-courses';
import { Page, PageWindow } from '../../core/paging';
import {
  allocationTeacherIds,
  courseDeleteImpact,
  coursePageRow,
  courseRowOrFail,
  courseWithPlaces,
  coursesTaughtBy,
  coursesTaughtByOfSubject,
  deleteCourse,
  holdCourseForCopy,
  insertCourse,
  myCoursesTree,
  oneCourseFacts,
  readableCourses,
  readableCoursesPage,
  readableCoursesWithTitle,
  studentCoursesRow,
  updateCourse,
} from './courses.repository';

/** A second course of the same name in the same class, subject and year is refused with a text that says so. */
const titleTaken =
  (title: string) =>
  (err: unknown): never =>
    rethrowUnique(err, { courses_place_title_key: T.titleTaken(title) });

export interface NewCourseInput {
  title?: unknown;
  description?: unknown;
  subjectId?: unknown;
  classId?: unknown;
  academicYearId?: unknown;
}

export interface CloneCourseFields {
  newAcademicYearId?: unknown;
  newClassId?: unknown;
  newSubjectId?: unknown;
  title?: unknown;
  description?: unknown;
}

/**
 * Courses: created and changed by the teachers who teach them, read by SuperAdmin and Admin, by their
 * teachers and by the students of their class and year. Deleting one removes everything in it.
 */
export class CoursesService {
  constructor(private readonly ds: DataSource) {}

  /** The course's facts for the rules; a course the actor may not read does not exist for them. */
  async readable(actor: Actor, id: unknown, m: DataSource | EntityManager = this.ds, known?: FactsSource): Promise<CourseFactsRow> {
    const courseId = assertId(id, T.notFound);
    const facts = known ? await known.load(courseId) : await oneCourseFacts(m, actor, courseId);
    if (!facts) throw notFound(T.notFound);
    authorize(actor, 'course.read', facts, { as: 'notFound', message: T.notFound });
    return facts;
  }

  private async load(id: string, m?: EntityManager): Promise<Course> {
    const course = await courseWithPlaces(m ?? this.ds, id);
    if (!course) throw notFound(T.notFound);
    return course;
  }

  /** GET /courses: everything for SuperAdmin and Admin, a teacher's own, a student's class's, nothing for a parent. */
  async list(actor: Actor): Promise<Course[]> {
    return readableCourses(this.ds, actor);
  }

  /**
   * One window of `list` with the courses' subject, class, year and teachers, and the list's total: one statement
   * whatever the size (courses.list.ts), handed on as plain objects (the dashboard's cards, GET /courses?limit=).
   */
  async page(actor: Actor, window: PageWindow): Promise<Page<Course>> {
    const { items, places, total } = await readableCoursesPage(this.ds, actor, window);
    return { items: placeCourses(items, places), total, window };
  }

  /**
   * coursesByCode: the courses with this code (their title, regardless of case) in one academic year that the
   * viewer may read, as `courses` filters them; one course per class and subject at most.
   */
  async byCode(actor: Actor, code: unknown, academicYearId: unknown): Promise<Course[]> {
    const title = requiredText(code, T.titleRequired, 'Course code', 200, 'line', 'code');
    if (!isId(academicYearId)) return [];
    return readableCoursesWithTitle(this.ds, actor, title, academicYearId);
  }

  /** GET /courses/teacher/{teacherId}: SuperAdmin and Admin for anyone, a teacher for themselves. */
  async listOfTeacher(actor: Actor, teacherId: string): Promise<Course[]> {
    authorize(actor, 'course.listOfTeacher', { teacherId }, { message: T.ownCoursesOnly });
    assertId(teacherId, ACADEMIC_TEXT.userNotFound);
    return coursesTaughtBy(this.ds, teacherId);
  }

  /**
   * The signed-in student's placement and the courses of their class and year (GET /courses/student/all-courses;
   * students only, others have none); of each course what `asked` says (the whole course and its teachers unless told).
   */
  async studentCourses(actor: Actor, asked: CourseRowsAsked = WHOLE_COURSES): Promise<StudentCoursesAnswer> {
    if (!can(actor, 'course.listOfOwnClass')) return { studentInfo: { academicYear: null, class: null }, courses: [] };
    return this.coursesOfStudent(actor, actor.userId, asked);
  }

  /**
   * A student's placement and the courses of their view for this reader ('family.readStudentCourse': the student,
   * a linked parent, SuperAdmin and Admin), with no actor standing in for the student: one statement, the answer
   * built in PostgreSQL as plain objects (courses.student-courses.ts).
   */
  async coursesOfStudent(reader: Actor, studentId: string, asked: CourseRowsAsked = WHOLE_COURSES): Promise<StudentCoursesAnswer> {
    const row = await studentCoursesRow(this.ds, reader, studentId, asked);
    return row ? studentCoursesOf(row) : { studentInfo: { academicYear: null, class: null }, courses: [] };
  }

  /**
   * My Courses: the teacher's years -> classes -> subjects (their allocations) with their courses (a
   * course's teachers are its allocation's, so every course lands under one). One statement whatever the size;
   * `lean`: each level with MY_COURSES_LEAN's fields alone (myCoursesAskedLean: the operation asks no more).
   */
  async myCourses(actor: Actor, lean = false): Promise<TeacherCourseYear[]> {
    const scope = courseScope(actor);
    if (scope.kind !== 'teacher') return [];
    return myCoursesTree(this.ds, scope.teacherId, lean);
  }

  /**
   * The course page (GraphQL course(id)) in one statement (courses.page.ts): the course's facts, which 'course.read'
   * is decided on as get() decides it (and which the request's loader keeps for the page's field rules), and the
   * course with its modules, content, announcements and discussions as plain objects, built only when the same
   * rule's SQL form lets the viewer read it.
   */
  async coursePage(actor: Actor, id: string, known?: FactsSource): Promise<CoursePage> {
    const courseId = assertId(id, T.notFound);
    const row = await coursePageRow(this.ds, actor, courseId);
    if (!row) throw notFound(T.notFound);
    const facts = factsOfColumns(row);
    authorize(actor, 'course.read', facts, { as: 'notFound', message: T.notFound });
    if (!row.page || !row.people) throw notFound(T.notFound);
    known?.prime?.(courseId, facts);
    return placePeople(row.page, row.people);
  }

  /** GET /courses/{id}; a course the actor may not read answers not found. */
  async get(actor: Actor, id: string, known?: FactsSource): Promise<Course> {
    const facts = await this.readable(actor, id, this.ds, known);
    return this.load(facts.id);
  }

  /**
   * Inserts a course, inside `m`; its teachers are those of its allocation (the creator among them).
   * Refused unless the actor is allocated to that class, subject and year.
   */
  private async insert(m: EntityManager, actor: Actor, fields: CourseFields): Promise<string> {
    const teacherIds = await allocationTeacherIds(m, fields);
    authorize(actor, 'course.create', { assigned: teacherIds.includes(actor.userId) }, { message: T.notAssigned });
    return insertCourse(m, fields, actor.userId);
  }

  async create(actor: Actor, input: NewCourseInput): Promise<Course> {
    const fields = validateNewCourse(input);
    return this.ds.transaction(async (m) => this.load(await this.insert(m, actor, fields), m)).catch(titleTaken(fields.title));
  }

  /** PUT /courses/{id}: title and description, by the course's teachers. */
  async update(actor: Actor, id: string, input: { title?: unknown; description?: unknown; version?: unknown }): Promise<Course> {
    const facts = await this.readable(actor, id);
    authorize(actor, 'course.manage', facts, { message: T.cannotManage });
    const { set, version } = validateCourseEdit(input);
    return this.ds
      .transaction(async (m) => {
        await updateCourse(m, facts.id, set, version);
        return this.load(facts.id, m);
      })
      .catch(titleTaken(set.title ?? ''));
  }

  /**
   * Deletes the course; the database cascades to its modules, content, announcements and discussions. Files
   * nothing references any more are removed by the file-cleanup job (jobs/file-cleanup.ts).
   */
  async delete(actor: Actor, id: string): Promise<void> {
    const facts = await this.readable(actor, id);
    authorize(actor, 'course.delete', facts, { message: T.cannotDelete });
    await deleteCourse(this.ds, facts.id);
  }

  /** What a delete would remove with the course, for its confirmation; null for those who may not delete it. */
  async deleteImpact(actor: Actor, id: string): Promise<CourseDeleteImpact | null> {
    const facts = await this.readable(actor, id);
    return can(actor, 'course.delete', facts) ? courseDeleteImpact(this.ds, facts.id) : null;
  }

  /** GET /courses/reuse/available/{subjectId}: the teacher's own courses of that subject, any class and year. */
  async reusable(actor: Actor, subjectId: string): Promise<Course[]> {
    assertId(subjectId, ACADEMIC_TEXT.subjectNotFound);
    const scope = courseScope(actor);
    if (scope.kind !== 'teacher') return [];
    return coursesTaughtByOfSubject(this.ds, scope.teacherId, subjectId);
  }

  /** POST /courses/reuse/clone/{courseId}: a deep copy (modules and content) for a class, subject and year the teacher teaches. */
  async clone(actor: Actor, courseId: unknown, input: CloneCourseFields): Promise<Course> {
    if (courseId === undefined || courseId === null || courseId === '') throw validation(T.selectCourse);
    const source = await this.readable(actor, courseId);
    authorize(actor, 'course.manage', source, { message: T.cannotManage });
    const original = await courseRowOrFail(this.ds, source.id);
    const fields = validateNewCourse({
      title: input.title,
      description: input.description === undefined ? original.description : input.description,
      subjectId: input.newSubjectId,
      classId: input.newClassId,
      academicYearId: input.newAcademicYearId,
    });
    return this.ds
      .transaction(async (m) => {
        await holdCourseForCopy(m, source.id);
        const id = await this.insert(m, actor, fields);
        await copyCourseModules(m, source.id, id, actor.userId);
        return this.load(id, m);
      })
      .catch(titleTaken(fields.title));
  }
}
