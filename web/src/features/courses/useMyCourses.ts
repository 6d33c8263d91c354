import type { ApolloCache } from '@apollo/client';
import { evictObject } from '../../lib/cacheUpdates';
import { errorMessage } from '../../lib/errors';
import { useActionMessages } from '../../components/useActionMessages';
import {
  MyCoursesDocument,
  useCloneCourseMutation,
  useCreateCourseMutation,
  useDeleteCourseMutation,
  useMyCoursesQuery,
  type MyCoursesQuery,
} from './courses.generated';
import { useDeleteConfirmations } from './deleteImpact';

/** Titles in the browser's locale, numbers in them as numbers ('Course 2' before 'Course 10'); made once. */
const TITLE_ORDER = new Intl.Collator(undefined, { numeric: true });

export type TeacherYear = MyCoursesQuery['myCourses'][number];
export type TeacherClass = TeacherYear['classes'][number];
export type TeacherSubject = TeacherClass['subjects'][number];
export type TeacherCourse = TeacherSubject['courses'][number];

/** Where a new or reused course goes: a class, subject and year of one of the teacher's allocations. */
export interface CourseTarget {
  academicYearId: string;
  year: string;
  classId: string;
  className: string;
  subjectId: string;
  subjectName: string;
}

export interface CourseFields {
  title: string;
  description: string;
}

/**
 * A created or reused course (the mutation's answer) joins its subject's row of the cached My Courses tree, by
 * title as the server sorts them, so the page shows it without asking the server again.
 */
function addToMyCourses(cache: ApolloCache, target: CourseTarget, course: TeacherCourse): void {
  const byTitle = (a: TeacherCourse, b: TeacherCourse) => TITLE_ORDER.compare(a.title, b.title);
  cache.updateQuery({ query: MyCoursesDocument }, (data) =>
    data
      ? {
          myCourses: data.myCourses.map((y) =>
            y.academicYear.id !== target.academicYearId
              ? y
              : {
                  ...y,
                  classes: y.classes.map((c) =>
                    c.class.id !== target.classId
                      ? c
                      : {
                          ...c,
                          subjects: c.subjects.map((s) =>
                            s.subject.id !== target.subjectId ? s : { ...s, courses: [...s.courses, course].sort(byTitle) },
                          ),
                        },
                  ),
                },
          ),
        }
      : data,
  );
}

/** My Courses (/dashboard/courses): the teacher's years -> classes -> subjects with courses, and the actions. */
export function useMyCourses() {
  const query = useMyCoursesQuery({ fetchPolicy: 'cache-and-network' });
  const [createMutation] = useCreateCourseMutation();
  const [cloneMutation] = useCloneCourseMutation();
  const { confirmCourse } = useDeleteConfirmations();
  const [deleteMutation] = useDeleteCourseMutation();
  const msgs = useActionMessages();

  const loadError = query.error ? errorMessage(query.error, 'Failed to fetch your assigned classes and subjects') : null;

  /** Resolves to an error text for the dialog, or null when the course was created. */
  const createCourse = (target: CourseTarget, fields: CourseFields): Promise<string | null> =>
    msgs.attempt(
      async () => {
        const { academicYearId, classId, subjectId } = target;
        const input = { title: fields.title.trim(), description: fields.description.trim(), academicYearId, classId, subjectId };
        await createMutation({
          variables: { input },
          update: (cache, { data }) => {
            if (data) addToMyCourses(cache, target, data.createCourse);
          },
        });
      },
      'Course created successfully',
      'Failed to create course',
    );

  const reuseCourse = (target: CourseTarget, courseId: string, fields: CourseFields): Promise<string | null> =>
    msgs.attempt(
      async () => {
        await cloneMutation({
          variables: {
            input: {
              courseId,
              title: fields.title.trim(),
              description: fields.description.trim() || undefined,
              newAcademicYearId: target.academicYearId,
              newClassId: target.classId,
              newSubjectId: target.subjectId,
            },
          },
          update: (cache, { data }) => {
            if (data) addToMyCourses(cache, target, data.cloneCourse);
          },
        });
      },
      'Course reused successfully',
      'Failed to reuse course',
    );

  const deleteCourse = async (course: TeacherCourse): Promise<void> => {
    if (!(await confirmCourse(course))) return;
    msgs.setActionError(null);
    try {
      // deleteCourse answers true: the course leaves the cache, and with it its row here and on the dashboard
      await deleteMutation({
        variables: { id: course.id },
        update: (cache) => evictObject(cache, { __typename: 'Course', id: course.id }),
      });
      msgs.setSuccess('Course deleted successfully');
    } catch (error) {
      // spec section 8: the server's message is not used for this one
      console.error('Failed to delete course', error);
      msgs.setActionError('Failed to delete course');
    }
  };

  return {
    years: query.data?.myCourses ?? [],
    loading: query.loading && !query.data,
    success: msgs.success,
    error: msgs.actionError ?? loadError,
    clearSuccess: msgs.clearSuccess,
    clearError: msgs.clearError,
    createCourse,
    reuseCourse,
    deleteCourse,
  };
}

/** Validation of the course form (spec section 5: the course code is required). */
export function validateCourse(fields: CourseFields): string | null {
  return fields.title.trim() ? null : 'Course Code is required';
}
