import { enumValueName } from '../../core/enum-values';
import { Role } from '../../core/role';
import { makeUser } from '../factories';
import { uniqueEmail } from '../test-server';
import { row, uniq } from './matrix';
import { accountOf, exists, holds } from './world';

/**
 * Users (platform.md section 6): SuperAdmin, Admin and Teacher manage users, each assigning only the roles
 * section 6 lists; nobody deletes themself; anyone reads their own user, managers any. Placement
 * (assessments.md section 7, PUT /users/{id}): SuperAdmin and Admin into any class, a Teacher only where
 * they teach ("own": Class 5A 2026, "other": Class 6A). Editing a user and resending an invitation follow the
 * delete rule (SuperAdmin and Admin: users of a role they may assign; a Teacher: only students of classes they
 * teach and those students' parents, issue 23), nobody changes their own role, and only SuperAdmin and Admin
 * change another user's email; an import creates
 * only roles the actor may assign (other roles are per-row errors, see users.chores.test.ts).
 */
const pending = async (w: { ds: import('typeorm').DataSource }, role: Role) => {
  const u = await makeUser(w.ds, { role, activated: false, passwordHash: null });
  return { id: u.id, email: u.email };
};
/**
 * A user in teacher@'s reach (issue 23): a new student placed in Class 5A 2026, which teacher@ teaches, or a new
 * parent linked to one. Other new users are in no teacher's reach.
 */
const taught = async (
  w: { ds: import('typeorm').DataSource; cls: { c5A: string }; year: { y2026: string } },
  c: string,
  opts: { activated?: boolean } = {},
) => {
  const pendingFields = opts.activated === false ? { activated: false, passwordHash: null } : {};
  const student = await makeUser(w.ds, { role: Role.Student, ...(c === 'taughtStudent' ? pendingFields : {}) });
  await w.ds.query('UPDATE users SET class_id = $2, academic_year_id = $3 WHERE id = $1', [student.id, w.cls.c5A, w.year.y2026]);
  if (c === 'taughtStudent') return { id: student.id, email: student.email };
  const parent = await makeUser(w.ds, { role: Role.Parent, ...pendingFields });
  await w.ds.query('INSERT INTO parent_students (parent_id, student_id) VALUES ($1, $2)', [parent.id, student.id]);
  return { id: parent.id, email: parent.email };
};
const isTaught = (c: string) => c === 'taughtStudent' || c === 'taughtParent';
/** A role other than the actor's own, for "change your own role". */
const otherRole = (who: string) => (who === Role.Student ? Role.Parent : Role.Student);
export const usersRows = [
  row({
    gql: 'Query.users',
    query: 'query($search: String) { users(role: STUDENT, search: $search) { nodes { id } } }',
    variables: () => ({ search: 'student@demo.school' }),
    rest: { 'GET /users': () => ({ path: '/users?role=Student&search=student%40demo.school' }) },
    expect: { any: 'AAAFF' },
    given: async (w) => ({ target: w.me.Student }),
  }),
  row({
    gql: 'Query.user',
    query: 'query($id: ID!) { user(id: $id) { id } }',
    variables: (v) => ({ id: v.target }),
    rest: { 'GET /users/:id': (v) => ({ path: `/users/${v.target}` }) },
    expect: { self: 'AAAAA', other: 'AAANN' },
    given: async (w, c, who) => ({ target: c === 'self' ? accountOf(w, who) : w.student2 }),
  }),
  row({
    gql: 'Mutation.createUser',
    query: 'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }',
    // GraphQL names the role in ALL_CAPS (issue 26); REST keeps the spec's word
    variables: (v) => ({ input: { ...v.fields, role: enumValueName(v.fields.role) } }),
    rest: { 'POST /users': (v) => ({ path: '/users', body: v.fields }) },
    // the case is the role of the new user
    expect: { Student: 'AAAFF', Teacher: 'AAAFF', Admin: 'AAFFF', SuperAdmin: 'AFFFF' },
    given: async (_w, c) => ({ fields: { firstName: 'New', lastName: c, email: uniqueEmail('created'), role: c } }),
    changed: (w, v) => holds(w, 'users', 'email', v.fields.email),
  }),
  row({
    gql: 'Mutation.deleteUser',
    query: 'mutation($id: ID!) { deleteUser(id: $id) }',
    variables: (v) => ({ id: v.id }),
    rest: { 'DELETE /users/:id': (v) => ({ path: `/users/${v.id}` }) },
    // the case is the role of a new user to delete (a Teacher deletes only their own students and those students' parents), or the actor themself
    expect: {
      Student: 'AAFFF',
      Teacher: 'AAFFF',
      Admin: 'AAFFF',
      SuperAdmin: 'AFFFF',
      taughtStudent: 'AAAFF',
      taughtParent: 'AAAFF',
      self: 'FFFFF',
    },
    given: async (w, c, who) => ({
      id: c === 'self' ? accountOf(w, who) : isTaught(c) ? (await taught(w, c)).id : await w.fresh.user(c as Role),
    }),
    changed: async (w, v) => !(await exists(w, 'users', v.id)),
  }),
  row({
    gql: 'Mutation.placeStudent',
    query: 'mutation($input: PlaceStudentInput!) { placeStudent(input: $input) { id } }',
    variables: (v) => ({ input: { userId: v.userId, classId: v.classId, academicYearId: v.yearId } }),
    rest: { 'PUT /users/:id': (v) => ({ path: `/users/${v.userId}`, body: { class: v.classId, academicYear: v.yearId } }) },
    expect: { own: 'AAAFF', other: 'AAFFF' },
    given: async (w, c) => ({
      userId: await w.fresh.user(Role.Student),
      classId: c === 'own' ? w.cls.c5A : w.cls.c6A,
      yearId: w.year.y2026,
    }),
    changed: (w, v) => holds(w, 'users', 'class_id', v.classId, 'id = $2', [v.userId]),
  }),
  row({
    gql: 'Mutation.updateUser',
    query: 'mutation($input: UpdateUserInput!) { updateUser(input: $input) { id } }',
    variables: (v) => ({ input: { id: v.target, ...v.set } }),
    // the case is the role of the user edited (a Teacher edits only their own students and those students' parents),
    // the actor changing their own role, or another user's email (SuperAdmin and Admin only; it then waits for confirmation)
    expect: {
      Student: 'AAFFF',
      Teacher: 'AAFFF',
      Admin: 'AAFFF',
      SuperAdmin: 'AFFFF',
      taughtStudent: 'AAAFF',
      taughtParent: 'AAAFF',
      selfRole: 'FFFFF',
      email: 'AAFFF',
    },
    given: async (w, c, who) => {
      if (c === 'selfRole')
        return { target: accountOf(w, who), set: { role: enumValueName(otherRole(who)) }, column: 'role', value: otherRole(who) };
      if (c === 'email') {
        const email = uniqueEmail('moved');
        const { id } = await taught(w, 'taughtStudent');
        return { target: id, set: { email }, table: 'email_changes', column: 'new_email', value: email };
      }
      const name = uniq('Edited');
      const target = isTaught(c) ? (await taught(w, c)).id : await w.fresh.user(c as Role);
      return { target, set: { firstName: name }, column: 'first_name', value: name };
    },
    changed: (w, v) => (v.table ? holds(w, v.table, v.column, v.value) : holds(w, 'users', v.column, v.value, 'id = $2', [v.target])),
  }),
  row({
    gql: 'Mutation.resendInvitation',
    query: 'mutation($id: ID!) { resendInvitation(id: $id) { id } }',
    variables: (v) => ({ id: v.target }),
    // the case is the role of a Pending user (a Teacher re-invites only their own students and those students' parents)
    expect: { Student: 'AAFFF', Teacher: 'AAFFF', Admin: 'AAFFF', SuperAdmin: 'AFFFF', taughtStudent: 'AAAFF', taughtParent: 'AAAFF' },
    given: async (w, c) => {
      // resends are limited per address like forgot-password (20 an hour): every attempt here starts a fresh window
      await w.ds.query('DELETE FROM link_requests');
      const u = isTaught(c) ? await taught(w, c, { activated: false }) : await pending(w, c as Role);
      return { target: u.id, email: u.email };
    },
    changed: (w, v) => holds(w, 'mail_outbox', 'to_address', v.email),
  }),
  row({
    gql: 'Mutation.importUsers',
    query: 'mutation($input: ImportUsersInput!) { importUsers(input: $input) { createdCount } }',
    variables: (v) => ({ input: { rows: [v.fields] } }),
    expect: { Student: 'AAAFF' },
    given: async () => ({ fields: { firstName: 'Imported', lastName: 'Student', email: uniqueEmail('imported'), role: 'Student' } }),
    changed: (w, v) => holds(w, 'users', 'email', v.fields.email),
  }),
  row({
    gql: 'Mutation.placeStudents',
    query: 'mutation($input: PlaceStudentsInput!) { placeStudents(input: $input) { id } }',
    variables: (v) => ({ input: { userIds: v.userIds, classId: v.classId, academicYearId: v.yearId } }),
    expect: { own: 'AAAFF', other: 'AAFFF' },
    given: async (w, c) => ({
      userIds: [await w.fresh.user(Role.Student), await w.fresh.user(Role.Student)],
      classId: c === 'own' ? w.cls.c5A : w.cls.c6A,
      yearId: w.year.y2026,
    }),
    changed: async (w, v) =>
      (await holds(w, 'users', 'class_id', v.classId, 'id = $2', [v.userIds[0]])) &&
      holds(w, 'users', 'class_id', v.classId, 'id = $2', [v.userIds[1]]),
  }),
];
