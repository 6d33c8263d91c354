/**
 * API set-up for the browser tests that start from an existing course: sign-ins, the teacher's allocation in
 * Class 5A 2026, courses and modules made through GraphQL, and a stamp that keeps each run's names apart.
 */
import { DEMO_PASSWORD } from './env';
import { assert } from './expect';
import { graphql } from './graphql';

/** A short unique suffix for the names a run makes. */
export function stamp(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}

export async function apiToken(email: string): Promise<string> {
  const answer = await graphql<{ login: { token: string } }>('mutation ($input: LoginInput!) { login(input: $input) { token } }', {
    input: { email, password: DEMO_PASSWORD },
  });
  assert(answer.data?.login.token, `login of ${email} failed: ${JSON.stringify(answer.errors)}`);
  return answer.data.login.token;
}

export interface Placement {
  academicYearId: string;
  classId: string;
  subjectId: string;
}

/** The teacher's allocation of `subject` in Class 5A 2026, from My Courses. */
export async function placementOf(token: string, subject: string): Promise<Placement> {
  const answer = await graphql<{
    myCourses: Array<{
      academicYear: { id: string; year: string };
      classes: Array<{ class: { id: string; name: string }; subjects: Array<{ subject: { id: string; name: string } }> }>;
    }>;
  }>('{ myCourses { academicYear { id year } classes { class { id name } subjects { subject { id name } } } } }', {}, token);
  for (const y of answer.data?.myCourses ?? []) {
    if (y.academicYear.year !== '2026') continue;
    for (const c of y.classes) {
      if (c.class.name !== 'Class 5A') continue;
      const s = c.subjects.find((x) => x.subject.name === subject);
      if (s) return { academicYearId: y.academicYear.id, classId: c.class.id, subjectId: s.subject.id };
    }
  }
  throw new Error(`teacher@ has no ${subject} allocation in Class 5A 2026: ${JSON.stringify(answer)}`);
}

export async function apiCourse(token: string, where: Placement, title: string): Promise<string> {
  const answer = await graphql<{ createCourse: { id: string } }>(
    'mutation ($input: CreateCourseInput!) { createCourse(input: $input) { id } }',
    { input: { ...where, title, description: `Made by the browser tests (${title})` } },
    token,
  );
  assert(answer.data?.createCourse.id, `createCourse failed: ${JSON.stringify(answer.errors)}`);
  return answer.data.createCourse.id;
}

export async function apiModule(token: string, courseId: string, title: string, description: string): Promise<string> {
  const answer = await graphql<{ createModule: { id: string } }>(
    'mutation ($input: CreateModuleInput!) { createModule(input: $input) { id } }',
    { input: { courseId, title, description } },
    token,
  );
  assert(answer.data?.createModule.id, `createModule failed: ${JSON.stringify(answer.errors)}`);
  return answer.data.createModule.id;
}
