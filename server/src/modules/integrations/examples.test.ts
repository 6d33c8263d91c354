import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { SCOPES } from '../../policies/credentials';
import { CREDENTIAL_TEXT } from '../../app/credential-gate';
import { clientToken, registerApplication } from '../../test/applications';

/**
 * The three worked examples of docs/integrators.md, run as an integrator runs them: each script is a child
 * process given only LMS_URL and LMS_TOKEN, against a fresh demo school; what they print and write is checked
 * against the database and the web app's own answers.
 */
const run = promisify(execFile);
const EXAMPLES = path.resolve(__dirname, '../../../../docs/examples');
const ITEM = 'Fractions homework (results at once)';

let t: TestServer;
let teacher: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  teacher = await t.login('teacher@demo.school');
}, 60_000);
afterAll(() => t?.close());

async function token(scope: 'READ' | 'READ_WRITE'): Promise<string> {
  const res = await t.gql(
    'mutation($input: CreateAccessTokenInput!) { createAccessToken(input: $input) { secret } }',
    { input: { name: `example ${scope}`, scope, expiresInDays: 1 } },
    teacher,
  );
  return res.data.createAccessToken.secret;
}

async function script(name: string, lmsToken: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(EXAMPLES, name), ...args], {
      env: { PATH: process.env.PATH, LMS_URL: t.url, LMS_TOKEN: lmsToken },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const courseId = async () => (await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`))[0].id as string;

it("export-grades.mjs writes the course's gradebook CSV, the same file the Gradebook exports", async () => {
  const out = await script('export-grades.mjs', await token('READ'), 'MATH-5A');
  expect(out).toMatchObject({ code: 0, stderr: '' });
  const file = await t.rest('GET', `/courses/${await courseId()}/gradebook?format=csv`, { token: teacher });
  expect(out.stdout).toBe(file.body);
  expect(out.stdout.startsWith('Last name,First name,Email,Fractions')).toBe(true);
  expect(out.stdout).toContain('student@demo.school');
});

it('export-grades.mjs works for an application with the gradebook scope, and says FORBIDDEN for one without', async () => {
  const app = async (scopes: string[]) => clientToken(t, await registerApplication(t, await t.login('admin@demo.school'), scopes));
  const ok = await script('export-grades.mjs', await app([SCOPES.gradebookRead]), 'MATH-5A');
  expect(ok.code).toBe(0);
  expect(ok.stdout).toContain('student@demo.school');
  const roster = await script('export-grades.mjs', await app([SCOPES.rosterRead]), 'MATH-5A');
  expect([roster.code, roster.stderr.trim()]).toEqual([1, expect.stringMatching(/^FORBIDDEN: /)]);
});

it("class-roster.mjs lists the students placed in the course's class and year", async () => {
  const out = await script('class-roster.mjs', await token('READ'), 'MATH-5A');
  expect(out.code).toBe(0);
  const placed: Array<{ email: string }> = await t.ds.query(
    `SELECT u.email FROM users u JOIN courses c ON c.class_id = u.class_id AND c.academic_year_id = u.academic_year_id
      WHERE c.title = 'MATH-5A' AND u.role = 'Student' ORDER BY u.email`,
  );
  const lines = out.stdout.trim().split('\n');
  expect(lines[0]).toBe('lastName,firstName,email');
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',')[2])
      .sort(),
  ).toEqual(placed.map((p) => p.email));
  expect(placed.length).toBeGreaterThan(0);
  expect(out.stderr).toMatch(/^Class 5A 2026: \d+ students/);
});

it('write-grade.mjs grades one question with a READ_WRITE token, and a READ token is refused with FORBIDDEN', async () => {
  const args = ['MATH-5A', ITEM, 'student@demo.school', '4', '3.5', 'Good comparison'];
  const refused = await script('write-grade.mjs', await token('READ'), ...args);
  expect([refused.code, refused.stderr.trim()]).toEqual([1, `FORBIDDEN: ${CREDENTIAL_TEXT.readOnlyToken}`]);
  const grade = async () =>
    (
      await t.ds.query(
        `SELECT g.score::float AS score, g.feedback FROM grades g
       JOIN submissions s ON s.id = g.submission_id JOIN assessments a ON a.id = s.assessment_id
       JOIN questions q ON q.id = g.question_id JOIN users u ON u.id = s.student_id
      WHERE a.title = $1 AND u.email = 'student@demo.school' AND q.sort_order = 4`,
        [ITEM],
      )
    )[0];
  expect(await grade()).not.toEqual({ score: 3.5, feedback: 'Good comparison' });

  const out = await script('write-grade.mjs', await token('READ_WRITE'), ...args);
  expect([out.code, out.stderr]).toEqual([0, '']);
  expect(out.stdout).toMatch(/question 4 of .* graded 3\.5\/5; total/);
  expect(await grade()).toEqual({ score: 3.5, feedback: 'Good comparison' });
});
