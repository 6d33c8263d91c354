import type { DataSource } from 'typeorm';
import yazl from 'yazl';
import { academicSessions, classes, courses, enrollments, orgs, users } from './oneroster.mapping';
import { collectionRows } from './oneroster.repository';

/** The column tables of the OneRoster 1.2 CSV binding for the files we write (every column, in the spec's order). */
export const CSV_COLUMNS = {
  orgs: ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
  academicSessions: ['sourcedId', 'status', 'dateLastModified', 'title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'],
  courses: [
    'sourcedId',
    'status',
    'dateLastModified',
    'schoolYearSourcedId',
    'title',
    'courseCode',
    'grades',
    'orgSourcedId',
    'subjects',
    'subjectCodes',
  ],
  classes: [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'grades',
    'courseSourcedId',
    'classCode',
    'classType',
    'location',
    'schoolSourcedId',
    'termSourcedIds',
    'subjects',
    'subjectCodes',
    'periods',
  ],
  users: [
    'sourcedId',
    'status',
    'dateLastModified',
    'enabledUser',
    'username',
    'userIds',
    'givenName',
    'familyName',
    'middleName',
    'identifier',
    'email',
    'sms',
    'phone',
    'agentSourcedIds',
    'grades',
    'password',
    'userMasterIdentifier',
    'resourceSourcedIds',
    'preferredGivenName',
    'preferredMiddleName',
    'preferredFamilyName',
    'primaryOrgSourcedId',
    'pronouns',
  ],
  roles: [
    'sourcedId',
    'status',
    'dateLastModified',
    'userSourcedId',
    'roleType',
    'role',
    'beginDate',
    'endDate',
    'orgSourcedId',
    'userProfileSourcedId',
  ],
  enrollments: [
    'sourcedId',
    'status',
    'dateLastModified',
    'classSourcedId',
    'schoolSourcedId',
    'userSourcedId',
    'role',
    'primary',
    'beginDate',
    'endDate',
  ],
} as const;

/** The manifest's file entries: what we write is bulk, the rest absent. */
const MANIFEST_FILES = [
  'academicSessions',
  'categories',
  'classes',
  'classResources',
  'courses',
  'courseResources',
  'demographics',
  'enrollments',
  'lineItemLearningObjectiveIds',
  'lineItems',
  'lineItemScoreScales',
  'orgs',
  'resources',
  'resultLearningObjectiveIds',
  'results',
  'resultScoreScales',
  'roles',
  'scoreScales',
  'userProfiles',
  'userResources',
  'users',
];

/** RFC 4180: quoted when it holds a comma, a quote or a line break. Data for another system: no spreadsheet prefixes. */
const cell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (columns: readonly string[], rows: Array<Record<string, unknown>>) =>
  [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\r\n') + '\r\n';
const ids = (v: unknown) => (Array.isArray(v) ? (v as string[]).join(',') : '');

/**
 * What the school holds as a OneRoster 1.2 CSV zip (bulk), read through the same mapping as the REST provider.
 * Bulk files leave status and dateLastModified empty, as the CSV binding says (but for a deactivated user: tobedeleted).
 */
export async function exportZip(ds: DataSource): Promise<NodeJS.ReadableStream> {
  const [o, s, co, cl, u, e] = await Promise.all(
    [orgs, academicSessions, courses, classes, users, enrollments].map((c) => collectionRows(ds, c)),
  );
  const blank = { status: '', dateLastModified: '' };
  const files: Record<string, string> = {
    'orgs.csv': csv(
      CSV_COLUMNS.orgs,
      o.map((r) => ({ ...r, ...blank, parentSourcedId: r._parent })),
    ),
    'academicSessions.csv': csv(
      CSV_COLUMNS.academicSessions,
      s.map((r) => ({ ...r, ...blank, parentSourcedId: r._parent })),
    ),
    'courses.csv': csv(
      CSV_COLUMNS.courses,
      co.map((r) => ({ ...r, ...blank, grades: r._grade, subjects: r._subject, orgSourcedId: r._org })),
    ),
    'classes.csv': csv(
      CSV_COLUMNS.classes,
      cl.map((r) => ({
        ...r,
        ...blank,
        grades: r._grade,
        subjects: r._subject,
        courseSourcedId: r._course,
        schoolSourcedId: r._school,
        termSourcedIds: ids(r._terms),
      })),
    ),
    // a deactivated user stays in the file (enrollments and agents name them), marked tobedeleted so a re-import keeps them so
    'users.csv': csv(
      CSV_COLUMNS.users,
      u.map((r) => ({
        ...r,
        ...blank,
        status: r.status === 'active' ? '' : r.status,
        agentSourcedIds: ids(r._agents),
        grades: r._grade,
        primaryOrgSourcedId: r._school,
      })),
    ),
    'roles.csv': csv(
      CSV_COLUMNS.roles,
      u.map((r) => ({
        ...blank,
        sourcedId: `role-${String(r.sourcedId)}`,
        userSourcedId: r.sourcedId,
        roleType: 'primary',
        role: r.role,
        orgSourcedId: r._school,
      })),
    ),
    'enrollments.csv': csv(
      CSV_COLUMNS.enrollments,
      e.map((r) => ({ ...r, ...blank, classSourcedId: r._class, schoolSourcedId: r._school, userSourcedId: r._user })),
    ),
  };
  const written = new Set(Object.keys(files).map((f) => f.replace('.csv', '')));
  const manifest = csv(
    ['propertyName', 'value'],
    [
      { propertyName: 'manifest.version', value: '1.0' },
      { propertyName: 'oneroster.version', value: '1.2' },
      ...MANIFEST_FILES.map((f) => ({ propertyName: `file.${f}`, value: written.has(f) ? 'bulk' : 'absent' })),
      { propertyName: 'source.systemName', value: 'School LMS' },
      { propertyName: 'source.systemCode', value: 'school-lms' },
    ],
  );
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(manifest), 'manifest.csv');
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  return zip.outputStream;
}
