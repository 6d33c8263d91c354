/**
 * Honest controls (issue 14, point 3): as each role, on the main pages, every visible action control (a button
 * or link named Edit, Delete, Add, Create, Reuse, Start, Reply, Hide, Show, Resend...) is one the server
 * accepts. Each one is clicked: a dialog must open without an error, a delete is confirmed (only against
 * throwaway data made here) and goes through; no GraphQL answer meanwhile may carry an error, and no error
 * banner may show. Where a control is hidden, the server is asked directly and must refuse.
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO, DemoUser, GQL_ROLE, login } from './support/auth';
import { assert, expectNotVisible, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { errorCodes, graphql } from './support/graphql';
import { apiCourse, apiModule, apiToken, placementOf, stamp } from './support/school';

const ACTION = /^(Add|Create|Edit|Delete|Reuse|Start|Reply|Upload|Hide|Show|Resend|Update)\b/;
const ERROR_ALERT = '.MuiAlert-standardError, .MuiAlert-filledError, .MuiAlert-outlinedError';

function isMutation(body: string | null): boolean {
  try {
    return /^\s*mutation\b/.test(String((JSON.parse(body ?? '{}') as { query?: unknown }).query ?? ''));
  } catch {
    return false; // not JSON (a file upload): its answer shows as a banner
  }
}

/** GraphQL errors answered to the page's mutations, and what the browser confirmations asked. */
function watch(page: Page, acceptConfirm: (message: string) => boolean) {
  const errors: string[] = [];
  const confirms: string[] = [];
  page.on('response', async (res) => {
    // the answers to what a control did (a page's reads may be refused, e.g. a parent opening a course link)
    if (!res.url().endsWith('/graphql') || !isMutation(res.request().postData())) return;
    const body = (await res.json().catch(() => null)) as { errors?: Array<{ message: string; extensions?: { code?: string } }> } | null;
    for (const e of body?.errors ?? []) errors.push(`${e.extensions?.code ?? '?'}: ${e.message}`);
  });
  page.on('dialog', (d) => {
    confirms.push(d.message());
    void (acceptConfirm(d.message()) ? d.accept() : d.dismiss());
  });
  return { errors, confirms };
}

/** Names of the visible, enabled action controls in `scope` (aria-label, else text), in page order. */
function actionNames(scope: Locator): Promise<string[]> {
  return scope.locator('button, a[href], [role="button"]').evaluateAll(
    (els, source) =>
      els
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true';
        })
        .map((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim())
        .filter((name) => new RegExp(source).test(name)),
    ACTION.source,
  );
}

async function noErrorBanner(page: Page, where: string): Promise<void> {
  const shown = await page.locator(ERROR_ALERT).filter({ visible: true }).allTextContents();
  assert(shown.length === 0, `${where}: error banner(s): ${shown.join(' | ')}`);
}

/**
 * Clicks every action control of `scope` once (deletes last): a dialog that opens is checked and closed,
 * an address change is undone. Returns the names clicked. `skip` is told what was clicked so far.
 */
async function exercise(
  page: Page,
  scope: Locator,
  where: string,
  skip: (name: string, clicked: string[]) => boolean = () => false,
): Promise<string[]> {
  const clicked: string[] = [];
  // the page's data first (its controls come with it)
  await page.waitForLoadState('networkidle');
  for (const deletes of [false, true]) {
    for (let round = 0; round < 40; round++) {
      const next = (await actionNames(scope)).find((n) => !clicked.includes(n) && n.startsWith('Delete') === deletes && !skip(n, clicked));
      if (!next) break;
      clicked.push(next);
      const url = page.url();
      const control = scope
        .getByRole('button', { name: next, exact: true })
        .or(scope.getByRole('link', { name: next, exact: true }))
        .filter({ visible: true })
        .first();
      await control.click();
      await page.waitForTimeout(400);
      const dialog = page.getByRole('dialog').filter({ visible: true });
      if (await dialog.count()) {
        const inside = await dialog.first().locator(ERROR_ALERT).allTextContents();
        assert(inside.length === 0, `${where}: '${next}' opened a dialog with an error: ${inside.join(' | ')}`);
        await page.keyboard.press('Escape');
        await expectNotVisible(dialog.first(), `the dialog of '${next}' after Escape`);
      }
      if (page.url() !== url) await page.goto(url);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(deletes ? 600 : 100);
      await noErrorBanner(page, `${where}, after '${next}'`);
    }
  }
  return clicked;
}

const gql = async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, token: string) => {
  const answer = await graphql<T>(query, variables, token);
  assert(answer.data && !answer.errors, `${query.slice(0, 60)}: ${JSON.stringify(answer.errors)}`);
  return answer.data;
};

describe('users page: Edit, Resend and Delete only where the server accepts them', () => {
  let resent = false;
  const viewers: DemoUser[] = [DEMO.superadmin, DEMO.admin, DEMO.teacher];
  for (const viewer of viewers) {
    e2e(`as ${viewer.role}`, async ({ page }) => {
      const id = stamp();
      const superToken = await apiToken(DEMO.superadmin.email);
      const made: Record<string, string> = {};
      for (const role of ['Admin', 'Teacher', 'Student', 'Parent'] as const) {
        const d = await gql<{ createUser: { id: string } }>(
          'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }',
          { i: { firstName: 'Abil', lastName: `${role}${id}`, email: `abil-${role.toLowerCase()}-${id}@e2e.test`, role: GQL_ROLE[role] } },
          superToken,
        );
        made[role] = d.createUser.id;
      }
      // the student is placed in Class 5A 2026, which teacher@ teaches: a Teacher edits and deletes only their own students (issue 23)
      const where = await placementOf(await apiToken(DEMO.teacher.email), 'Mathematics');
      await gql(
        'mutation($i: PlaceStudentInput!) { placeStudent(input: $i) { id } }',
        { i: { userId: made.Student, classId: where.classId, academicYearId: where.academicYearId } },
        superToken,
      );
      const seen = watch(page, () => true); // only this test's users are listed (search by stamp)
      await login(page, viewer.email);
      await page.goto('/dashboard/users');
      await page.getByLabel('Search users').fill(id);
      const section = page.locator('section[aria-labelledby="users-title"]');
      await expectVisible(section.getByText(`Abil Parent${id}`).first(), 'the throwaway users listed');
      // the search is debounced: wait until the demo rows have left, so only this test's users are clicked
      await expectNotVisible(section.getByText(viewer.email), 'the unfiltered rows');
      // one resend in the whole file: invitations are limited per address
      const clicked = await exercise(page, section, `users as ${viewer.role}`, (n) => n.startsWith('Resend') && resent);
      resent ||= clicked.some((n) => n.startsWith('Resend'));
      assert(seen.errors.length === 0, `users as ${viewer.role}: GraphQL errors ${seen.errors.join(' | ')}`);
      const token = await apiToken(viewer.email);
      for (const [role, userId] of Object.entries(made)) {
        const shown = clicked.includes(`Delete Abil ${role}${id}`);
        if (shown) continue; // clicked, confirmed and done without an error above
        // hidden: the server must refuse it too
        const refused = await graphql('mutation($id: ID!) { deleteUser(id: $id) }', { id: userId }, token);
        assert(
          errorCodes(refused).includes('FORBIDDEN'),
          `${viewer.role} saw no Delete on a ${role} but the server answered ${JSON.stringify(refused)}`,
        );
      }
      assert(
        clicked.some((n) => n.startsWith('Delete')),
        `${viewer.role} should be able to delete some user`,
      );
    });
  }
});

describe('course and module pages: every control shown is accepted', () => {
  const viewers: DemoUser[] = [DEMO.teacher, DEMO.admin, DEMO.superadmin, DEMO.student, DEMO.parent];
  for (const viewer of viewers) {
    e2e(
      `as ${viewer.role}`,
      async ({ page }) => {
        const id = stamp();
        const teacherToken = await apiToken(DEMO.teacher.email);
        const studentToken = await apiToken(DEMO.student.email);
        const courseId = await apiCourse(teacherToken, await placementOf(teacherToken, 'Mathematics'), `ABIL-${id}`);
        const moduleId = await apiModule(teacherToken, courseId, `Week ${id}`, 'Throwaway module');
        await gql(
          'mutation($i: CreateAnnouncementInput!) { createAnnouncement(input: $i) { id } }',
          { i: { courseId, title: `Notice ${id}`, content: 'Throwaway' } },
          teacherToken,
        );
        const thread = await gql<{ createDiscussion: { id: string } }>(
          'mutation($i: CreateDiscussionInput!) { createDiscussion(input: $i) { id } }',
          { i: { courseId, title: `Question ${id}`, content: 'Throwaway' } },
          studentToken,
        );
        await gql(
          'mutation($i: CreateDiscussionInput!) { createDiscussion(input: $i) { id } }',
          { i: { courseId, parentDiscussionId: thread.createDiscussion.id, content: 'A reply' } },
          teacherToken,
        );

        const seen = watch(page, () => true); // everything in this course is throwaway
        await login(page, viewer.email);
        const main = page.locator('main');
        const clicked: string[] = [];

        // the module page first (the course page may delete the module)
        await page.goto(`/dashboard/modules/${moduleId}`);
        await page.waitForTimeout(1_000);
        clicked.push(...(await exercise(page, main, `module page as ${viewer.role}`)));

        await page.goto(`/dashboard/courses/${courseId}`);
        if (viewer.role === 'Parent') {
          await expectVisible(page.getByText('Course not found.'), 'a parent reads no course');
        } else {
          await expectVisible(page.getByRole('tab').first(), 'the course tabs');
          const tabs = await page.getByRole('tab').allTextContents();
          assert(tabs.length >= 5, `${viewer.role}: course tabs ${tabs.join(', ')}`);
          for (const tab of tabs) {
            await page.getByRole('tab', { name: tab, exact: true }).click();
            await page.waitForTimeout(300);
            clicked.push(...(await exercise(page, main, `course tab ${tab} as ${viewer.role}`)));
          }
        }
        assert(seen.errors.length === 0, `course as ${viewer.role}: GraphQL errors ${seen.errors.join(' | ')}`);
        const has = (prefix: string) => clicked.some((n) => n.startsWith(prefix));
        // what each role must (and must not) be offered on a teacher's course
        if (viewer.role === 'Teacher') {
          for (const p of ['Edit Course', 'Add Module', 'Delete module', 'Start Discussion', 'Reply to'])
            assert(has(p), `the teacher should be offered '${p}': ${clicked.join(', ')}`);
        } else {
          for (const p of ['Edit Course', 'Add Module', 'Add Content', 'Delete module', 'Hide module'])
            assert(!has(p), `${viewer.role} should not be offered '${p}'`);
        }
        if (viewer.role === 'Student') assert(has('Reply to') && has('Start Discussion'), `the student posts: ${clicked.join(', ')}`);
        if (viewer.role === 'Parent') assert(clicked.length === 0, `a parent is offered nothing: ${clicked.join(', ')}`);
        // the deletes clicked really happened (the confirmation was accepted and the server agreed)
        if (has('Delete module')) {
          const left = await graphql('query($id: ID!) { module(id: $id) { id } }', { id: moduleId }, teacherToken);
          assert(errorCodes(left).includes('NOT_FOUND'), `the module should be gone: ${JSON.stringify(left)}`);
          assert(
            seen.confirms.some((m) => m.includes('This also deletes') || m.includes('Nothing else')),
            `the module delete states what goes with it: ${seen.confirms.join(' | ')}`,
          );
        }
      },
      { timeout: 150_000 },
    );
  }
});

/** Rows of one kind of control walked on a list page, besides the test's own row. */
const ROWS_PER_KIND = 3;
const sameKind = (clicked: string[], name: string) => clicked.filter((c) => c.split(' ')[0] === name.split(' ')[0]).length;

describe('academic pages: every control shown is accepted', () => {
  for (const viewer of [DEMO.superadmin, DEMO.admin, DEMO.teacher, DEMO.student]) {
    e2e(
      `as ${viewer.role}`,
      async ({ page }) => {
        const id = stamp();
        const adminToken = await apiToken(DEMO.admin.email);
        await gql('mutation($i: CreateSubjectInput!) { createSubject(input: $i) { id } }', { i: { name: `Abil ${id}` } }, adminToken);
        // deletes are confirmed only for this test's subject; others are dismissed
        const seen = watch(page, (message) => message.includes(id));
        await login(page, viewer.email);
        const main = page.locator('main');
        for (const path of [
          '/dashboard/subject-management',
          '/dashboard/academic-year-management',
          '/dashboard/class-management',
          '/dashboard/teacher-assignment',
        ]) {
          await page.goto(path);
          await page.waitForTimeout(1_000);
          // only this test's subject is deleted; other rows' deletes are clicked and dismissed. Every row has the
          // same controls, so a few rows of each kind stand for all: the rows the earlier suites left behind
          // would otherwise make this walk (and its time) grow with the e2e database.
          const clicked = await exercise(
            page,
            main,
            `${path} as ${viewer.role}`,
            (n, done) =>
              n.startsWith('Create') ||
              n.startsWith('Add') ||
              n.startsWith('Update') ||
              (!n.includes(id) && sameKind(done, n) >= ROWS_PER_KIND),
          );
          if (process.env.ABIL_DEBUG) console.log(path, clicked, seen.confirms);
        }
        assert(seen.errors.length === 0, `academic pages as ${viewer.role}: GraphQL errors ${seen.errors.join(' | ')}`);
        const subjects = await gql<{ subjects: { nodes: Array<{ name: string }> } }>(
          '{ subjects(first: 500) { nodes { name } } }',
          {},
          adminToken,
        );
        const gone = !subjects.subjects.nodes.some((s) => s.name === `Abil ${id}`);
        const mayManage = viewer.role === 'SuperAdmin' || viewer.role === 'Admin';
        assert(gone === mayManage, `${viewer.role}: the throwaway subject ${gone ? 'was' : 'was not'} deleted`);
      },
      { timeout: 150_000 },
    );
  }
});
