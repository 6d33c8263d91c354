/**
 * Server-rendered landing pages (issue 31): the page arrives rendered with its data (readable with no script at
 * all), signed in through the page cookie; the browser hydrates it with the data it came with (no second request
 * for it); rendered pages are private and never stored; a failed render, or a page the server does not render,
 * still reaches the user through client rendering.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { DEMO, login } from './support/auth';
import { DEMO_PASSWORD, baseUrl } from './support/env';
import { assert, expectPath, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { errorCodes, type GraphQLAnswer } from './support/graphql';

/** The cookie the server sets for page loads (server/src/modules/auth/page-session.ts). */
const COOKIE = 'lms_page_session';

/** Signs in from the test process: the session token and the Set-Cookie the server answered with. */
async function signIn(email: string): Promise<{ token: string; setCookie: string }> {
  const res = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation ($input: LoginInput!) { login(input: $input) { token } }',
      variables: { input: { email, password: DEMO_PASSWORD } },
    }),
  });
  const body = (await res.json()) as { data?: { login?: { token?: string } } };
  const token = body.data?.login?.token;
  assert(token, `login of ${email} failed`);
  return { token, setCookie: res.headers.get('set-cookie') ?? '' };
}

/** The browser context carries the page cookie of a new session of `email` (as a sign-in in it would set). */
async function withPageCookie(context: BrowserContext, email: string): Promise<string> {
  const { token } = await signIn(email);
  await context.addCookies([{ name: COOKIE, value: token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
  return token;
}

/** Names of the /graphql operations the page sends from now on. */
function recordOperations(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (req: Request) => {
    if (!req.url().endsWith('/graphql') || req.method() !== 'POST') return;
    names.push((req.postDataJSON() as { operationName?: string } | null)?.operationName ?? '(unnamed)');
  });
  return names;
}

const courseCodes = ['MATH-5A', 'SCI-5A'];

describe('server-rendered pages', () => {
  e2e(
    "with JavaScript off, the teacher's dashboard shows their courses (signed in by the cookie)",
    async ({ page, context }) => {
      await withPageCookie(context, DEMO.teacher.email);
      const res = await page.goto('/dashboard');
      assert(res?.status() === 200, `expected 200, got ${res?.status()}`);
      await expectVisible(page.getByRole('heading', { name: `Welcome back, ${DEMO.teacher.firstName}!` }));
      for (const code of courseCodes) await expectVisible(page.getByText(code, { exact: true }), `the course ${code}`);
      // laid out by the server's styles: the course list is not unstyled text
      const styled = await page.locator('style[data-emotion]').count();
      assert(styled > 0, 'the rendered page should carry its styles');
    },
    { javaScriptEnabled: false },
  );

  e2e(
    'with JavaScript off and no session, a dashboard address leads to the rendered sign-in form',
    async ({ page }) => {
      const res = await page.goto('/dashboard');
      await expectPath(page, '/login');
      assert(res?.headers()['cache-control'] === 'private, no-store', `Cache-Control: ${res?.headers()['cache-control']}`);
      await expectVisible(page.getByRole('button', { name: 'Sign in', exact: true }));
    },
    { javaScriptEnabled: false },
  );

  e2e('a hydrated dashboard sends no second request for the data it was rendered with', async ({ page }) => {
    await login(page, DEMO.teacher.email);
    // the client-rendered dashboard after signing in sends its own requests first
    await expectVisible(page.getByText('MATH-5A', { exact: true }));
    const operations = recordOperations(page);
    const res = await page.goto('/dashboard');
    assert(res?.headers()['cache-control'] === 'private, no-store', `Cache-Control: ${res?.headers()['cache-control']}`);
    assert((await res?.text())?.includes('id="lms-server-state"'), 'the dashboard should arrive server-rendered');
    await expectVisible(page.getByText('MATH-5A', { exact: true }));
    // past the client's hydration window (apollo.ts HYDRATION_MS), when cache-and-network would have asked again
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2_500);
    const afterHydration = [...operations];
    for (const rendered of ['Me', 'DashboardCourses']) {
      assert(!afterHydration.includes(rendered), `${rendered} was asked for again after rendering: ${afterHydration.join(', ')}`);
    }
    // hydrated: the client router takes a link, and the next page's request is seen by the recorder
    await page.getByRole('link', { name: 'View All Courses' }).click();
    await expectPath(page, '/dashboard/courses');
    await expectVisible(page.getByRole('heading', { name: 'My Courses' }));
    assert(operations.includes('MyCourses'), `the next page should ask the server: ${operations.join(', ')}`);
  });

  e2e('a hydrated My Assignments sends no request for its rendered data', async ({ page }) => {
    await login(page, DEMO.student.email);
    await expectVisible(page.getByRole('heading', { name: 'To Do' }));
    await page.waitForTimeout(1_000);
    const operations = recordOperations(page);
    await page.goto('/dashboard/assignments');
    await expectVisible(page.getByRole('heading', { name: 'My Assignments' }));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2_500);
    assert(!operations.includes('MyAssessments') && !operations.includes('Me'), `asked again: ${operations.join(', ')}`);
  });

  e2e('the page cookie: httpOnly and Lax, set at sign-in, cleared at sign-out, never accepted by /graphql', async () => {
    const { token, setCookie } = await signIn(DEMO.teacher.email);
    assert(setCookie.startsWith(`${COOKIE}=`) && /HttpOnly/.test(setCookie) && /SameSite=Lax/.test(setCookie), `Set-Cookie: ${setCookie}`);
    const cookie = `${COOKIE}=${token}`;
    // the cookie alone is no credential for the API
    const api = await fetch(`${baseUrl()}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query: '{ me { user { id } } }' }),
    });
    const answer = { status: api.status, ...((await api.json()) as Omit<GraphQLAnswer, 'status'>) };
    assert(errorCodes(answer).includes('UNAUTHENTICATED'), `/graphql with only the cookie: ${JSON.stringify(answer)}`);
    const rest = await fetch(`${baseUrl()}/api/auth/me`, { headers: { cookie } });
    assert(rest.status === 401, `/api with only the cookie answered ${rest.status}`);
    // sign-out clears it
    const out = await fetch(`${baseUrl()}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: 'mutation { logout }' }),
    });
    assert(/Max-Age=0/.test(out.headers.get('set-cookie') ?? ''), `logout Set-Cookie: ${out.headers.get('set-cookie')}`);
    // the ended session's cookie renders nothing private: the dashboard leads to /login
    const dashboard = await fetch(`${baseUrl()}/dashboard`, { headers: { cookie }, redirect: 'manual' });
    assert(
      dashboard.status === 302 && dashboard.headers.get('location') === '/login',
      `${dashboard.status} ${dashboard.headers.get('location')}`,
    );
  });

  e2e('a failed render falls back to client rendering, and so does a page the server does not render', async ({ page, context }) => {
    await login(page, DEMO.teacher.email);
    await context.setExtraHTTPHeaders({ 'X-Test-Page-Render': 'fail' });
    const failed = await page.goto('/dashboard');
    assert(failed?.headers()['cache-control'] === 'no-cache', `fallback Cache-Control: ${failed?.headers()['cache-control']}`);
    assert(!(await failed?.text())?.includes('id="lms-server-state"'), 'the fallback should be index.html');
    await expectVisible(page.getByText('MATH-5A', { exact: true }));
    await context.setExtraHTTPHeaders({});
    const calendar = await page.goto('/dashboard/calendar');
    assert(calendar?.headers()['cache-control'] === 'no-cache', `calendar Cache-Control: ${calendar?.headers()['cache-control']}`);
    await expectVisible(page.getByRole('heading', { name: 'Calendar' }));
  });
});
