import type { Actor } from './actor';
import { Role } from '../core/role';
import { ASSIGNABLE_ROLES } from './roles';
import type { Scope } from './credentials';
import { appMay, isPerson } from './actor';

/**
 * The algebra every rule of rules.ts is written in (issue 28): a predicate has a JS form, decided on the loaded
 * facts of one object, and (where the relation lives in the database) an SQL form, a boolean condition over a
 * row whose columns the caller names, with the viewer's id as a bound parameter (`:viewer` in a query builder,
 * `$2` in a raw statement). What only the actor decides (its role, an application's scopes) renders as TRUE or
 * FALSE, so a list filter holds only the relations the actor's role can reach. `can()` evaluates the JS form,
 * the lists and single reads the SQL form of the same expression; policies/agreement.test.ts checks both forms
 * of every rule on the demo school.
 */
export type SqlForm<R> = (a: Actor | null, r: R, viewer: string) => string;

export interface Pred<F, R> {
  /** The decision for one object, on its loaded facts. */
  readonly js: (a: Actor, f: F) => boolean;
  /** The same decision as an SQL condition over a row; null when the predicate has no set form. */
  readonly sql: SqlForm<R> | null;
  /** Decided by the actor alone (role, scopes, credential): the object plays no part. */
  readonly actorOnly: boolean;
}

export const TRUE = 'TRUE';
export const FALSE = 'FALSE';

/** SQL OR, folding the constants the actor atoms render to. */
export const or = (...parts: string[]): string => {
  const live = parts.filter((p) => p !== FALSE);
  if (live.includes(TRUE)) return TRUE;
  if (live.length === 1) return live[0];
  return live.length ? `(${live.join(' OR ')})` : FALSE;
};

/** SQL AND, folding constants. */
export const and = (...parts: string[]): string => {
  if (parts.includes(FALSE)) return FALSE;
  const live = parts.filter((p) => p !== TRUE);
  if (live.length === 1) return live[0];
  return live.length ? `(${live.join(' AND ')})` : TRUE;
};

/** SQL NOT with NULL read as false (as a WHERE reads it), so NOT agrees with JS `!`. */
const notSql = (x: string): string => (x === TRUE ? FALSE : x === FALSE ? TRUE : `(${x}) IS NOT TRUE`);

/** A predicate of the actor alone; its SQL form is the constant it decides (FALSE for no actor). */
export const actorAtom = (test: (a: Actor) => boolean): Pred<unknown, unknown> => ({
  js: (a) => test(a),
  sql: (a) => (a && test(a) ? TRUE : FALSE),
  actorOnly: true,
});

/** A predicate of the object with both forms. */
export const atom = <F, R>(js: (a: Actor, f: F) => boolean, sql: SqlForm<R>): Pred<F, R> => ({ js, sql, actorOnly: false });

/** A predicate with no set form (what it reads is not a column of any list: a target role, a fact computed by its service). */
export const jsOnly = <F>(js: (a: Actor, f: F) => boolean): Pred<F, unknown> => ({ js, sql: null, actorOnly: false });

/** The facts an expression reads: what each of its parts reads, all together (`unknown` for the actor's own). */
type FactsOf<P extends ReadonlyArray<Pred<never, never>>> = {
  [K in keyof P]: (x: P[K] extends Pred<infer F, never> ? F : never) => void;
}[number] extends (x: infer I) => void
  ? I
  : never;
/** The columns an expression names. */
type ColsOf<P extends ReadonlyArray<Pred<never, never>>> = {
  [K in keyof P]: (x: P[K] extends Pred<never, infer R> ? R : never) => void;
}[number] extends (x: infer I) => void
  ? I
  : never;

export function anyOf<P extends ReadonlyArray<Pred<never, never>>>(...ps: P): Pred<FactsOf<P>, ColsOf<P>> {
  return {
    js: (a, f) => ps.some((p) => p.js(a, f as never)),
    sql: ps.every((p) => p.sql) ? (a, r, v) => or(...ps.map((p) => p.sql!(a, r as never, v))) : null,
    actorOnly: ps.every((p) => p.actorOnly),
  };
}

export function allOf<P extends ReadonlyArray<Pred<never, never>>>(...ps: P): Pred<FactsOf<P>, ColsOf<P>> {
  return {
    js: (a, f) => ps.every((p) => p.js(a, f as never)),
    sql: ps.every((p) => p.sql) ? (a, r, v) => and(...ps.map((p) => p.sql!(a, r as never, v))) : null,
    actorOnly: ps.every((p) => p.actorOnly),
  };
}

export function not<F, R>(p: Pred<F, R>): Pred<F, R> {
  return { js: (a, f) => !p.js(a, f), sql: p.sql ? (a, r, v) => notSql(p.sql!(a, r, v)) : null, actorOnly: p.actorOnly };
}

/** A predicate of a part of the object (the course of an item), with where that part's facts and columns are found. */
export function at<F, R, G, S>(p: Pred<G, S>, facts: (f: F) => G, cols: (r: R) => S): Pred<F, R> {
  return { js: (a, f) => p.js(a, facts(f)), sql: p.sql ? (a, r, v) => p.sql!(a, cols(r), v) : null, actorOnly: p.actorOnly };
}

// ---- atoms of the actor ----
/** The session acts in one of these roles. */
export const role = (...roles: Role[]) => actorAtom((a) => (roles as string[]).includes(a.activeRole));
/** An application holding one of these scopes. */
export const app = (...scopes: Scope[]) => actorAtom((a) => appMay(a, scopes));
/** A person (a web session or their token), not an application. */
export const person = actorAtom((a) => isPerson(a));

// ---- atoms of the object: relations that live in the database ----
const sqlList = (values: readonly string[]) => (values.length ? values.map((v) => `'${v}'`).join(', ') : null);

/** A column names the viewer (their own notice, snippet, account, submission); a null column names nobody. */
export const viewerIs = <K extends string>(key: K): Pred<{ [k in K]: string | null }, { [k in K]: string }> =>
  atom(
    (a, f) => f[key] !== null && f[key] === a.userId,
    (_a, r, v) => `${r[key]} = ${v}`,
  );

/**
 * The course is taught by the viewer (course_teachers follows the allocations). `teachers` may name a relation of
 * (course_id, teacher_id) rows that holds at least this course's teachers, read once by a statement about one course
 * (courses.page.ts): the view is a three-table join, planned and run again wherever a rule names it.
 */
export const taughtBy = atom<{ teacherIds: string[] }, { courseId: string; teachers?: string }>(
  (a, f) => f.teacherIds.includes(a.userId),
  (_a, r, v) => `EXISTS (SELECT 1 FROM ${r.teachers ?? 'course_teachers'} ct WHERE ct.course_id = ${r.courseId} AND ct.teacher_id = ${v})`,
);

/** The allocation (a class, subject and year) names the viewer among its teachers. */
export const allocationTaughtBy = atom<{ teacherIds: string[] }, { allocationId: string }>(
  (a, f) => f.teacherIds.includes(a.userId),
  (_a, r, v) => `EXISTS (SELECT 1 FROM allocation_teachers axt WHERE axt.allocation_id = ${r.allocationId} AND axt.teacher_id = ${v})`,
);

/** The viewer (whoever `viewer` names: the actor, or a student column) is placed in the course's class and academic year. */
export const placedIn = atom<{ viewerInClass: boolean }, { courseId: string }>(
  (_a, f) => f.viewerInClass,
  (_a, r, v) => `EXISTS (SELECT 1 FROM courses cx JOIN users ux ON ux.class_id = cx.class_id AND ux.academic_year_id = cx.academic_year_id
                WHERE cx.id = ${r.courseId} AND ux.id = ${v})`,
);

/**
 * The row's student (not the viewer) is placed in the course's class and year: placedIn asked of a student column,
 * so a course of a student's view (a parent's child, a grades report) is decided without an actor for the student.
 */
export const studentPlacedIn = atom<{ studentInClass: boolean }, { courseId: string; studentId: string }>(
  (_a, f) => f.studentInClass,
  (a, r) => placedIn.sql!(a, r, r.studentId),
);

/** The assessment names the viewer among its targets. */
export const targeted = atom<{ targetsViewer: boolean }, { assessmentId: string }>(
  (_a, f) => f.targetsViewer,
  (_a, r, v) => `EXISTS (SELECT 1 FROM assessment_targets atx WHERE atx.assessment_id = ${r.assessmentId} AND atx.student_id = ${v})`,
);

/** The student column names a child linked to the viewer (JS: the session's Actor.childIds; SQL: parent_students). */
export const linkedParent = atom<{ studentId: string }, { studentId: string }>(
  (a, f) => a.childIds.includes(f.studentId),
  (_a, r, v) => `EXISTS (SELECT 1 FROM parent_students ps WHERE ps.parent_id = ${v} AND ps.student_id = ${r.studentId})`,
);

/** The user is a student placed in a class and year the viewer teaches (an allocation of theirs names the class and year). */
export const studentTaughtBySql = (studentId: string, teacher: string) =>
  `EXISTS (SELECT 1 FROM users sx JOIN allocations alx ON alx.class_id = sx.class_id AND alx.academic_year_id = sx.academic_year_id
             JOIN allocation_teachers atx ON atx.allocation_id = alx.id
            WHERE sx.id = ${studentId} AND atx.teacher_id = ${teacher})`;

/** 'taughtByViewer' (UserFacts): a student the viewer teaches, or a parent of one. */
export const taughtByViewer = atom<{ taughtByViewer: boolean }, { id: string }>(
  (_a, f) => f.taughtByViewer,
  (_a, r, v) =>
    `(${studentTaughtBySql(r.id, v)} OR EXISTS (SELECT 1 FROM parent_students psx WHERE psx.parent_id = ${r.id} AND ${studentTaughtBySql('psx.student_id', v)}))`,
);

/** The acting role may give the target's role to a new user (ASSIGNABLE_ROLES; an application gives none). */
export const assignable = atom<{ role: Role }, { role: string }>(
  (a, f) => (ASSIGNABLE_ROLES[a.activeRole as Role] ?? []).includes(f.role),
  (a, r) => {
    const l = sqlList(a ? (ASSIGNABLE_ROLES[a.activeRole as Role] ?? []) : []);
    return l ? `${r.role} IN (${l})` : FALSE;
  },
);

/** The target user holds one of these roles. */
export const roleOf = (...roles: Role[]) =>
  atom<{ role: Role }, { role: string }>(
    (_a, f) => roles.includes(f.role),
    (_a, r) => `${r.role} IN (${sqlList(roles)})`,
  );

/** A boolean fact of the object that is a column (or condition) of its row: visible, whole class, graded, released... */
export const flag = <K extends string>(key: K): Pred<{ [k in K]: boolean }, { [k in K]: string }> =>
  atom(
    (_a, f) => f[key],
    (_a, r) => `(${r[key]})`,
  );

/** A text fact of the object equals a constant (an item's result visibility, an audit row's kind). */
export const equals = <K extends string>(key: K, value: string): Pred<{ [k in K]: string }, { [k in K]: string }> =>
  atom(
    (_a, f) => f[key] === value,
    (_a, r) => `${r[key]} = '${value}'`,
  );
