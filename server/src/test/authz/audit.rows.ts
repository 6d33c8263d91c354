import { recordAudit, AuditKind } from '../../modules/audit';
import { Role } from '../../core/role';
import { row, uniq } from './matrix';
import { uniqueEmail } from '../test-server';

/**
 * The audit log (issue 23): SuperAdmin and Admin read every row; a Teacher only the grade changes of the courses
 * they teach ("ownGrade": MATH-5A, teacher@'s; "otherGrade": ART-6A, teacher2@'s; "account": a change of an
 * account), so a Teacher's page leaves the others out; students and parents are refused. Each attempt writes
 * its own row, named for it, and asks for it by that name.
 */
export const auditRows = [
  row({
    gql: 'Query.auditEvents',
    query: 'query($person: String) { auditEvents(filter: { person: $person }) { edges { node { targetName } } } }',
    variables: (v) => ({ person: v.target }),
    rest: { 'GET /audit-events': (v) => ({ path: `/audit-events?person=${encodeURIComponent(v.target!)}` }) },
    expect: { account: 'AAEFF', ownGrade: 'AAAFF', otherGrade: 'AAEFF' },
    given: async (w, c) => {
      const name = uniq('Audited');
      const [student] = await w.ds.query(
        `INSERT INTO users (first_name, last_name, email, role, activated) VALUES ($1, 'Row', $2, 'Student', true) RETURNING id`,
        [name, uniqueEmail('audited')],
      );
      const course = c === 'ownGrade' ? w.course.own : c === 'otherGrade' ? w.course.other : null;
      const admin = { userId: w.me.Admin, role: Role.Admin, activeRole: Role.Admin, impersonating: false };
      await recordAudit(
        w.ds,
        admin,
        course
          ? { kind: AuditKind.GRADE_CHANGED, targetUserId: student.id, courseId: course, from: 1, to: 2 }
          : { kind: AuditKind.USER_NAME_CHANGED, targetUserId: student.id, from: 'Before', to: name },
      );
      return { target: name };
    },
  }),
];
