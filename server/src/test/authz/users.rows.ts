import { Role } from '../../modules/users/role';
import { uniqueEmail } from '../test-server';
import { row } from './matrix';
import { accountOf, exists, holds } from './world';

/**
 * Users (platform.md section 6): SuperAdmin, Admin and Teacher manage users, each assigning only the roles
 * section 6 lists; nobody deletes themself; anyone reads their own user, managers any. Placement
 * (assessments.md section 7, PUT /users/{id}): SuperAdmin and Admin into any class, a Teacher only where
 * they teach ("own": Class 5A 2026, "other": Class 6A).
 */
export const usersRows = [
  row({
    gql: 'Query.users', query: 'query($search: String) { users(role: Student, search: $search) { items { id } } }',
    variables: () => ({ search: 'student@demo.school' }),
    rest: { 'GET /users': () => ({ path: '/users?role=Student&search=student%40demo.school' }) },
    expect: { any: 'AAAFF' },
    given: async (w) => ({ target: w.me.Student }),
  }),
  row({
    gql: 'Query.user', query: 'query($id: ID!) { user(id: $id) { id } }',
    variables: (v) => ({ id: v.target }),
    rest: { 'GET /users/:id': (v) => ({ path: `/users/${v.target}` }) },
    expect: { self: 'AAAAA', other: 'AAANN' },
    given: async (w, c, who) => ({ target: c === 'self' ? accountOf(w, who) : w.student2 }),
  }),
  row({
    gql: 'Mutation.createUser', query: 'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }',
    variables: (v) => ({ input: v.fields }),
    rest: { 'POST /users': (v) => ({ path: '/users', body: v.fields }) },
    // the case is the role of the new user
    expect: { Student: 'AAAFF', Teacher: 'AAAFF', Admin: 'AAFFF', SuperAdmin: 'AFFFF' },
    given: async (_w, c) => ({ fields: { firstName: 'New', lastName: c, email: uniqueEmail('created'), role: c } }),
    changed: (w, v) => holds(w, 'users', 'email', v.fields.email),
  }),
  row({
    gql: 'Mutation.deleteUser', query: 'mutation($id: ID!) { deleteUser(id: $id) }',
    variables: (v) => ({ id: v.id }),
    rest: { 'DELETE /users/:id': (v) => ({ path: `/users/${v.id}` }) },
    // the case is the role of a new user to delete, or the actor themself
    expect: { Student: 'AAAFF', Teacher: 'AAAFF', Admin: 'AAFFF', SuperAdmin: 'AFFFF', self: 'FFFFF' },
    given: async (w, c, who) => ({ id: c === 'self' ? accountOf(w, who) : await w.fresh.user(c as Role) }),
    changed: async (w, v) => !(await exists(w, 'users', v.id)),
  }),
  row({
    gql: 'Mutation.placeStudent', query: 'mutation($input: PlaceStudentInput!) { placeStudent(input: $input) { id } }',
    variables: (v) => ({ input: { userId: v.userId, classId: v.classId, academicYearId: v.yearId } }),
    rest: { 'PUT /users/:id': (v) => ({ path: `/users/${v.userId}`, body: { class: v.classId, academicYear: v.yearId } }) },
    expect: { own: 'AAAFF', other: 'AAFFF' },
    given: async (w, c) => ({ userId: await w.fresh.user(Role.Student), classId: c === 'own' ? w.cls.c5A : w.cls.c6A, yearId: w.year.y2026 }),
    changed: (w, v) => holds(w, 'users', 'class_id', v.classId, 'id = $2', [v.userId]),
  }),
];
