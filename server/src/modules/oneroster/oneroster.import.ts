import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ChangeKind, Count, ImportReport, Plan, Problem } from './oneroster.import-plan';
import { existingRoster } from './oneroster.repository';
import { CsvRow, readZip } from './oneroster.zip';
import { OneRosterError } from './oneroster.errors';
import { COURSE_SID_SEPARATOR, WHOLE_YEAR_TERM } from './oneroster.mapping';

/**
 * A OneRoster 1.2 CSV zip read into a plan against what the school holds: every row either becomes a change
 * (created, changed, deactivated) or a problem with its file, line and reason. Rows are matched by sourcedId
 * (ours: the id, unless a row was imported with its own), so the same zip twice plans nothing the second time.
 * The mapping is oneroster.mapping.ts read backwards: a schoolYear is a year, a term or gradingPeriod a period,
 * a course a subject at a grade, a class an allocation of a class of ours (named by classCode), an enrollment a
 * teacher's allocation or a student's placement, agents the parent links.
 */

/** The files this product takes, in the order they are applied (roles is 1.2's users-to-role file). */
export const TAKEN_FILES = ['orgs', 'academicSessions', 'courses', 'classes', 'users', 'roles', 'enrollments'] as const;
type FileName = (typeof TAKEN_FILES)[number];

const ROLE: Record<string, string> = {
  student: 'Student',
  teacher: 'Teacher',
  guardian: 'Parent',
  parent: 'Parent',
  relative: 'Parent',
  administrator: 'Admin',
  siteAdministrator: 'Admin',
  districtAdministrator: 'Admin',
  systemAdministrator: 'Admin',
};
const lower = (s: string) => s.toLowerCase();
const list = (s: string | undefined) =>
  s
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
const isDate = (s: string) => /^\d{4}-\d\d-\d\d$/.test(s) && !Number.isNaN(Date.parse(s));

/**
 * Reads the zip (streaming, entry by entry) and plans it against the database; nothing is written. `actorId`,
 * who runs the import, is never deactivated by it (they would lock themselves out): such a zip is refused.
 */
export async function planImport(ds: DataSource, zipPath: string, actorId?: string): Promise<{ plan: Plan; report: ImportReport }> {
  const rows = new Map<string, CsvRow[]>();
  const headers = new Map<string, string[]>();
  const manifest: CsvRow[] = [];
  const names = await readZip(
    zipPath,
    (n) => n === 'manifest.csv' || TAKEN_FILES.some((f) => `${f}.csv` === n),
    (name, row) => (name === 'manifest.csv' ? manifest.push(row) : (rows.get(name) ?? rows.set(name, []).get(name)!).push(row)),
    (name, header) => headers.set(name, header),
  );
  if (!names.includes('manifest.csv'))
    throw new OneRosterError(400, 'invaliddata', 'The zip has no manifest.csv (OneRoster 1.2 CSV: every zip starts from its manifest)');
  const props = new Map(manifest.map((r) => [r.cells.propertyName, r.cells.value]));
  const mode = (f: string) => props.get(`file.${f}`) ?? 'absent';
  const problems: Problem[] = [];
  const problem = (file: string, line: number, reason: string) => problems.push({ file: `${file}.csv`, line, reason });
  const version = props.get('oneroster.version');
  if (version && version !== '1.2') problem('manifest', 0, `oneroster.version is ${version}; this product reads OneRoster 1.2`);
  const of = (f: FileName): CsvRow[] => {
    const m = mode(f);
    if (m === 'absent') return [];
    if (m !== 'bulk' && m !== 'delta') {
      problem('manifest', 0, `file.${f} must be absent, bulk or delta, not "${m}"`);
      return [];
    }
    if (!names.includes(`${f}.csv`)) {
      problem('manifest', 0, `The manifest names ${f}.csv (${m}) but the zip does not hold it`);
      return [];
    }
    return rows.get(`${f}.csv`) ?? [];
  };
  const ex = await existingRoster(ds);
  const counts = new Map<string, Count>();
  const count = (object: string, kind: ChangeKind) => {
    const c = counts.get(object) ?? counts.set(object, { object, created: 0, changed: 0, deactivated: 0, unchanged: 0 }).get(object)!;
    c[kind] += 1;
  };
  const need = (file: string, r: CsvRow, ...cols: string[]) => {
    const missing = cols.filter((c) => !r.cells[c]);
    if (missing.length) problem(file, r.line, `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required`);
    return !missing.length;
  };
  const deleted = (r: CsvRow) => r.cells.status === 'tobedeleted';
  const plan: Plan = {
    school: null,
    district: null,
    years: [],
    periods: [],
    subjects: [],
    classes: [],
    allocations: [],
    newUsers: [],
    changedUsers: [],
    links: [],
    teaching: [],
    untaught: [],
    placements: [],
    courseSids: [],
    removedPeriods: [],
    removedAllocations: [],
    unlinked: [],
    deactivatedUsers: [],
    reactivatedUsers: [],
  };
  const bulk = (f: FileName) => mode(f) === 'bulk';

  // ---- orgs: the one school (and a district above it) ----
  const orgs = new Set([ex.school]);
  for (const r of of('orgs')) {
    if (!need('orgs', r, 'sourcedId', 'name', 'type')) continue;
    const o = { sid: r.cells.sourcedId, name: r.cells.name, identifier: r.cells.identifier ?? '' };
    if (r.cells.type === 'school') {
      if (plan.school) {
        problem('orgs', r.line, 'This product runs one school: a second school org cannot be taken');
        continue;
      }
      plan.school = o;
    } else if (r.cells.type === 'district') plan.district = o;
    else {
      problem('orgs', r.line, `An org of type ${r.cells.type} is not taken (only school and district)`);
      continue;
    }
    orgs.add(o.sid);
    const mine = ex.orgs.find((x) => x.type === r.cells.type);
    count(
      'org',
      !mine ? 'created' : mine.sid === o.sid && mine.name === o.name && mine.identifier === o.identifier ? 'unchanged' : 'changed',
    );
  }
  const checkOrg = (file: string, r: CsvRow, col: string) => {
    const v = r.cells[col];
    if (v && !orgs.has(v)) {
      problem(file, r.line, `${col} "${v}" is no org of this file or this school`);
      return false;
    }
    return true;
  };

  // ---- academicSessions: years first, then terms, then grading periods ----
  const yearBySid = new Map(ex.years.map((y) => [y.sid, y.id]));
  const yearByName = new Map(ex.years.map((y) => [lower(y.year), y]));
  const periodBySid = new Map(ex.periods.map((p) => [p.sid, p]));
  const sessionYear = new Map<string, string>(ex.years.map((y) => [y.sid, y.id]));
  for (const p of ex.periods) sessionYear.set(p.sid, p.yearId);
  // a year without terms exposes one spanning it (oneroster.mapping.ts WHOLE_YEAR_TERM); it names the year back
  for (const y of ex.years) sessionYear.set(`${y.sid}${WHOLE_YEAR_TERM}`, y.id);
  const sessions = of('academicSessions');
  const order = ['schoolYear', 'term', 'semester', 'gradingPeriod'];
  for (const r of [...sessions].sort((a, b) => order.indexOf(a.cells.type) - order.indexOf(b.cells.type))) {
    if (!need('academicSessions', r, 'sourcedId', 'title', 'type', 'startDate', 'endDate')) continue;
    const { sourcedId: sid, title, type, startDate: start, endDate: end, parentSourcedId: parent } = r.cells;
    if (!isDate(start) || !isDate(end) || end <= start) {
      problem('academicSessions', r.line, 'startDate and endDate must be dates (YYYY-MM-DD), the end after the start');
      continue;
    }
    if (type === 'schoolYear') {
      const mine =
        ex.years.find((y) => y.sid === sid) ??
        (yearByName.get(lower(title)) && !yearBySid.has(sid) ? yearByName.get(lower(title)) : undefined);
      const id = mine?.id ?? crypto.randomUUID();
      const same = mine && mine.year === title && mine.start === start && mine.end === end && mine.sid === sid;
      if (!same) plan.years.push({ id, sid: mine && mine.id === sid ? null : sid, year: title, start, end, isNew: !mine });
      count('academicSession', mine ? (same ? 'unchanged' : 'changed') : 'created');
      sessionYear.set(sid, id);
      yearBySid.set(sid, id);
    } else if (type === 'term' || type === 'semester' || type === 'gradingPeriod') {
      // the term our export writes for a year without terms names that year: nothing to create
      if (sid.endsWith(WHOLE_YEAR_TERM) && sessionYear.has(sid) && !periodBySid.has(sid)) {
        count('academicSession', 'unchanged');
        continue;
      }
      const yearId = parent ? sessionYear.get(parent) : undefined;
      if (!yearId) {
        problem('academicSessions', r.line, `parentSourcedId "${parent ?? ''}" is no academic session of this file or this school`);
        continue;
      }
      const parentPeriod = type === 'gradingPeriod' ? periodBySid.get(parent) : undefined;
      const mine = periodBySid.get(sid);
      const kind = type === 'gradingPeriod' ? 'gradingPeriod' : 'term';
      const p = { id: mine?.id ?? crypto.randomUUID(), sid, yearId, parentId: parentPeriod?.id ?? null, type: kind, title, start, end };
      const same =
        mine &&
        mine.yearId === p.yearId &&
        mine.parentId === p.parentId &&
        mine.type === kind &&
        mine.title === title &&
        mine.start === start &&
        mine.end === end;
      if (!same) plan.periods.push({ ...p, isNew: !mine });
      count('academicSession', mine ? (same ? 'unchanged' : 'changed') : 'created');
      periodBySid.set(sid, { ...p, parentId: p.parentId, fromSis: true });
      sessionYear.set(sid, yearId);
    } else problem('academicSessions', r.line, `type must be schoolYear, term, semester or gradingPeriod, not "${type}"`);
  }
  // bulk: the SIS's terms and grading periods it no longer sends go (line items keep their scores, without a period)
  if (bulk('academicSessions')) {
    const listed = new Set(sessions.map((r) => r.cells.sourcedId));
    for (const p of ex.periods.filter((x) => x.fromSis && !listed.has(x.sid))) {
      plan.removedPeriods.push(p.id);
      count('academicSession', 'deactivated');
    }
  }

  // ---- courses: a subject at a grade ----
  const subjectByName = new Map(ex.subjects.map((s) => [lower(s.name), s.id]));
  const subjectBySid = new Map(ex.subjects.map((s) => [s.sid, s]));
  const courses = new Map<string, { sid: string; subjectId: string; grade: string; ours: boolean }>();
  const keptCourse = new Map(ex.courses.map((c) => [c.sid, c]));
  const keptCourseSid = new Map(ex.courses.map((c) => [`${c.subjectId}/${c.grade}`, c.sid]));
  for (const r of of('courses')) {
    if (!need('courses', r, 'sourcedId', 'title') || !checkOrg('courses', r, 'orgSourcedId')) continue;
    const subjectName = list(r.cells.subjects)[0] ?? r.cells.title;
    const grade = list(r.cells.grades)[0] ?? '';
    // a course an SIS named before keeps its subject; our own export names a course by its subject's sourcedId and
    // the grade: keep that subject whatever its name now
    const kept = keptCourse.get(r.cells.sourcedId);
    const own = kept ? undefined : subjectBySid.get(r.cells.sourcedId.split(COURSE_SID_SEPARATOR)[0]);
    let subjectId = kept?.subjectId ?? own?.id ?? subjectByName.get(lower(subjectName));
    if (!subjectId) {
      subjectId = crypto.randomUUID();
      subjectByName.set(lower(subjectName), subjectId);
      plan.subjects.push({ id: subjectId, name: subjectName });
      count('subject', 'created');
    }
    courses.set(r.cells.sourcedId, { sid: r.cells.sourcedId, subjectId, grade, ours: Boolean(own) });
  }
  // the SIS's sourcedId of a course is kept for the subject at the grade of each class that names it (counted once)
  const classGrade = new Map(ex.classes.map((c) => [c.id, c.grade]));
  const coursesSeen = new Set<string>();
  const keepCourseSid = (course: { sid: string; subjectId: string; ours: boolean }, grade: string) => {
    const key = `${course.subjectId}/${lower(grade)}`;
    if (coursesSeen.has(key)) return;
    coursesSeen.add(key);
    const kept = keptCourseSid.get(key);
    if (course.ours || kept === course.sid) {
      count('course', 'unchanged');
      return;
    }
    plan.courseSids.push({ sid: course.sid, subjectId: course.subjectId, grade: lower(grade) });
    count('course', kept ? 'changed' : 'created');
  };

  // ---- classes: an allocation of one of our classes (by classCode) in the year of its first term ----
  const allocationBySid = new Map<string, { id: string; classId: string; subjectId: string; yearId: string }>(
    ex.allocations.map((a) => [a.sid, a]),
  );
  const fileClasses = of('classes');
  const classKey = (yearId: string, name: string) => `${yearId}/${lower(name)}`;
  const classByKey = new Map(ex.classes.map((c) => [classKey(c.yearId, c.name), c.id]));
  for (const r of fileClasses) {
    if (
      !need('classes', r, 'sourcedId', 'title', 'courseSourcedId', 'schoolSourcedId', 'termSourcedIds') ||
      !checkOrg('classes', r, 'schoolSourcedId')
    )
      continue;
    const course = courses.get(r.cells.courseSourcedId);
    if (!course) {
      problem('classes', r.line, `courseSourcedId "${r.cells.courseSourcedId}" is no course of this file`);
      continue;
    }
    const term = list(r.cells.termSourcedIds)[0];
    const yearId = sessionYear.get(term);
    if (!yearId) {
      problem('classes', r.line, `termSourcedIds "${term}" is no academic session of this file or this school`);
      continue;
    }
    const name = r.cells.classCode || r.cells.title;
    const grade = list(r.cells.grades)[0] ?? course.grade;
    if (!grade) {
      problem('classes', r.line, 'grades is required (neither the class nor its course names a grade)');
      continue;
    }
    const mine = allocationBySid.get(r.cells.sourcedId);
    let classId = classByKey.get(classKey(yearId, name));
    if (!classId) {
      classId = crypto.randomUUID();
      classByKey.set(classKey(yearId, name), classId);
      plan.classes.push({ id: classId, name, grade, yearId });
      classGrade.set(classId, grade);
    }
    keepCourseSid(course, classGrade.get(classId)!);
    if (mine) {
      if (mine.classId !== classId || mine.subjectId !== course.subjectId || mine.yearId !== yearId) {
        problem(
          'classes',
          r.line,
          `The class "${r.cells.sourcedId}" exists with another class, course or year: moving it is done in the app`,
        );
        continue;
      }
      count('class', 'unchanged');
    } else {
      const same = ex.allocations.find((a) => a.classId === classId && a.subjectId === course.subjectId && a.yearId === yearId);
      const a = { id: same?.id ?? crypto.randomUUID(), sid: r.cells.sourcedId, classId, subjectId: course.subjectId, yearId, isNew: !same };
      plan.allocations.push(a);
      allocationBySid.set(a.sid, a);
      count('class', same ? 'changed' : 'created');
    }
  }
  // bulk: the SIS's classes it no longer sends end (the allocation goes, with its teachers; courses and grades stay)
  if (bulk('classes')) {
    const listed = new Set(fileClasses.map((r) => r.cells.sourcedId));
    for (const a of ex.allocations.filter((x) => x.fromSis && !listed.has(x.sid))) {
      plan.removedAllocations.push(a.id);
      allocationBySid.delete(a.sid);
      count('class', 'deactivated');
    }
  }
  const removedAllocations = new Set(plan.removedAllocations);

  // ---- users, with their role from roles.csv (1.2) or a role column (1.1), and their agents ----
  const roleOf = new Map<string, string>();
  for (const r of of('roles')) {
    if (!need('roles', r, 'userSourcedId', 'role')) continue;
    if (r.cells.roleType === 'primary' || !roleOf.has(r.cells.userSourcedId)) roleOf.set(r.cells.userSourcedId, r.cells.role);
  }
  const userBySid = new Map(ex.users.map((u) => [u.sid, u]));
  const userByEmail = new Map(ex.users.map((u) => [lower(u.email), u]));
  const fileUsers = of('users');
  const seenEmails = new Set<string>();
  for (const r of fileUsers) {
    if (!need('users', r, 'sourcedId', 'givenName', 'familyName')) continue;
    const sid = r.cells.sourcedId;
    const email = r.cells.email || (r.cells.username?.includes('@') ? r.cells.username : '');
    if (!email || !email.includes('@')) {
      problem('users', r.line, 'email is required (this product signs people in by email)');
      continue;
    }
    if (seenEmails.has(lower(email))) {
      problem('users', r.line, `The email ${email} is on another row of users.csv`);
      continue;
    }
    seenEmails.add(lower(email));
    const word = roleOf.get(sid) ?? r.cells.role;
    const role = word ? ROLE[word] : undefined;
    const mine = userBySid.get(sid) ?? userByEmail.get(lower(email));
    if (deleted(r)) {
      // tobedeleted: the user is deactivated, not deleted (their work stays); unknown users are simply not taken
      if (mine?.deactivated === false) {
        plan.deactivatedUsers.push(mine.id);
        count('user', 'deactivated');
      } else if (mine) count('user', 'unchanged');
      if (mine) userBySid.set(sid, mine);
      continue;
    }
    if (!role && !mine) {
      problem('users', r.line, `No role for "${sid}" (roles.csv): one of ${Object.keys(ROLE).join(', ')}`);
      continue;
    }
    if (mine) {
      if (role && mine.role !== role && !(mine.role === 'SuperAdmin' && role === 'Admin')) {
        problem('users', r.line, `"${sid}" is a ${mine.role} here and ${word} in the file: a role is changed in the app`);
        continue;
      }
      const other = userByEmail.get(lower(email));
      if (other && other.id !== mine.id) {
        problem('users', r.line, `The email ${email} belongs to another user here`);
        continue;
      }
      const same =
        mine.email === email &&
        mine.firstName === r.cells.givenName &&
        mine.lastName === r.cells.familyName &&
        mine.sid === sid &&
        !mine.deactivated;
      if (!same) plan.changedUsers.push({ id: mine.id, sid, email, firstName: r.cells.givenName, lastName: r.cells.familyName });
      if (mine.deactivated) plan.reactivatedUsers.push(mine.id);
      count('user', same ? 'unchanged' : 'changed');
      userBySid.set(sid, mine);
    } else {
      const u = { id: crypto.randomUUID(), sid, email, firstName: r.cells.givenName, lastName: r.cells.familyName, role: role! };
      plan.newUsers.push(u);
      const held = { ...u, classId: null, yearId: null, fromSis: true, deactivated: false };
      userBySid.set(sid, held);
      userByEmail.set(lower(email), held);
      count('user', 'created');
    }
  }
  if (bulk('users')) {
    const listed = new Set(fileUsers.map((r) => r.cells.sourcedId));
    for (const u of ex.users.filter((x) => x.fromSis && !x.deactivated && !listed.has(x.sid))) {
      plan.deactivatedUsers.push(u.id);
      count('user', 'deactivated');
    }
  }
  const me = actorId ? ex.users.find((u) => u.id === actorId) : undefined;
  if (me && plan.deactivatedUsers.includes(me.id)) {
    problem(
      'users',
      fileUsers.find((r) => r.cells.sourcedId === me.sid)?.line ?? 0,
      `This zip would deactivate "${me.sid}", who is running the import: an import never deactivates the person running it`,
    );
  }
  const linked = new Set(ex.links.map((l) => `${l.parentId}/${l.studentId}`));
  const fileLinks = new Set<string>();
  for (const r of fileUsers) {
    const me = userBySid.get(r.cells.sourcedId);
    if (!me) continue;
    for (const agent of list(r.cells.agentSourcedIds)) {
      const other = userBySid.get(agent);
      if (!other) {
        problem('users', r.line, `agentSourcedIds "${agent}" is no user of this file or this school`);
        continue;
      }
      const pair =
        me.role === 'Student' && other.role === 'Parent'
          ? { parentId: other.id, studentId: me.id }
          : me.role === 'Parent' && other.role === 'Student'
            ? { parentId: me.id, studentId: other.id }
            : null;
      if (!pair) {
        problem('users', r.line, `agentSourcedIds "${agent}": only a guardian and a student are linked here`);
        continue;
      }
      const key = `${pair.parentId}/${pair.studentId}`;
      fileLinks.add(key);
      if (linked.has(key)) continue;
      linked.add(key);
      plan.links.push(pair);
      count('parent link', 'created');
    }
  }
  const sis = new Set(ex.users.filter((u) => u.fromSis).map((u) => u.id));
  if (bulk('users')) {
    // a link between two people of the SIS that its agents no longer name ends; links made here stay
    for (const l of ex.links.filter((x) => sis.has(x.parentId) && sis.has(x.studentId) && !fileLinks.has(`${x.parentId}/${x.studentId}`))) {
      plan.unlinked.push(l);
      count('parent link', 'deactivated');
    }
  }

  // ---- enrollments: teachers teach an allocation; a student is placed in the class and year of theirs ----
  const teaching = new Set(ex.teaching.map((t) => `${t.allocationId}/${t.teacherId}`));
  const placed = new Map<string, { classId: string | null; yearId: string | null; line: number }>();
  const fileTeaching = new Set<string>();
  for (const r of of('enrollments')) {
    if (!need('enrollments', r, 'sourcedId', 'classSourcedId', 'userSourcedId', 'role') || !checkOrg('enrollments', r, 'schoolSourcedId'))
      continue;
    const a = allocationBySid.get(r.cells.classSourcedId);
    const u = userBySid.get(r.cells.userSourcedId);
    if (!a) {
      problem('enrollments', r.line, `classSourcedId "${r.cells.classSourcedId}" is no class of this file or this school`);
      continue;
    }
    if (!u) {
      problem('enrollments', r.line, `userSourcedId "${r.cells.userSourcedId}" is no user of this file or this school`);
      continue;
    }
    if (r.cells.role === 'teacher') {
      if (u.role !== 'Teacher') {
        problem('enrollments', r.line, `"${r.cells.userSourcedId}" teaches here but is a ${u.role}`);
        continue;
      }
      const key = `${a.id}/${u.id}`;
      if (!deleted(r)) fileTeaching.add(key);
      if (deleted(r)) {
        if (teaching.delete(key)) {
          plan.untaught.push({ allocationId: a.id, teacherId: u.id });
          count('enrollment', 'deactivated');
        }
      } else if (teaching.has(key)) count('enrollment', 'unchanged');
      else {
        teaching.add(key);
        plan.teaching.push({ allocationId: a.id, teacherId: u.id });
        count('enrollment', 'created');
      }
    } else if (r.cells.role === 'student') {
      if (u.role !== 'Student') {
        problem('enrollments', r.line, `"${r.cells.userSourcedId}" is enrolled as a student but is a ${u.role}`);
        continue;
      }
      const before = placed.get(u.id);
      const target = deleted(r) ? { classId: null, yearId: null } : { classId: a.classId, yearId: a.yearId };
      if (before && before.classId !== target.classId && target.classId) {
        problem(
          'enrollments',
          r.line,
          `"${r.cells.userSourcedId}" is also enrolled in another class group (line ${before.line}): a student is placed in one class a year`,
        );
        continue;
      }
      if (!before) placed.set(u.id, { ...target, line: r.line });
    } else problem('enrollments', r.line, `role must be teacher or student, not "${r.cells.role}"`);
  }
  if (bulk('enrollments')) {
    // an enrollment of the SIS is one between its user and its class: those the file no longer lists end
    const sisAllocations = new Set(ex.allocations.filter((a) => a.fromSis).map((a) => a.id));
    for (const t of ex.teaching) {
      const key = `${t.allocationId}/${t.teacherId}`;
      if (!sisAllocations.has(t.allocationId) || removedAllocations.has(t.allocationId) || !sis.has(t.teacherId) || fileTeaching.has(key))
        continue;
      plan.untaught.push(t);
      count('enrollment', 'deactivated');
    }
    const sisClasses = new Set(ex.allocations.filter((a) => a.fromSis).map((a) => `${a.classId}/${a.yearId}`));
    for (const u of ex.users) {
      if (u.role === 'Student' && u.fromSis && u.classId && sisClasses.has(`${u.classId}/${u.yearId}`) && !placed.has(u.id)) {
        placed.set(u.id, { classId: null, yearId: null, line: 0 });
      }
    }
  }
  const userById = new Map(ex.users.map((u) => [u.id, u]));
  for (const [userId, p] of placed) {
    const u = userById.get(userId);
    if (u && u.classId === p.classId && u.yearId === p.yearId) {
      count('enrollment', 'unchanged');
      continue;
    }
    plan.placements.push({ userId, classId: p.classId, yearId: p.yearId });
    count('enrollment', p.classId ? (u?.classId ? 'changed' : 'created') : 'deactivated');
  }

  const report: ImportReport = {
    source: props.get('source.systemName') ?? '',
    files: TAKEN_FILES.filter((f) => mode(f) !== 'absent')
      .map((f) => ({ name: `${f}.csv`, mode: mode(f) }))
      .concat(
        names
          .filter((n) => n !== 'manifest.csv' && !TAKEN_FILES.some((f) => `${f}.csv` === n))
          .map((n) => ({ name: n, mode: 'not taken' })),
      ),
    counts: [...counts.values()],
    problems: problems.slice(0, 1000),
    moreProblems: Math.max(0, problems.length - 1000),
    applied: false,
  };
  return { plan, report };
}
