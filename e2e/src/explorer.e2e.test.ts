/**
 * The GraphQL explorer (issue 26): GET /graphql in a browser shows GraphiQL from our own build. With every
 * request that leaves the machine failed (a school network without internet), it loads, shows the schema's
 * descriptions and runs a query as the browser's signed-in user, under the enforced Content-Security-Policy.
 */
import type { Page, Request } from 'playwright-core';
import { DEMO, login } from './support/auth';
import { e2e } from './support/fixture';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Fails every request to a host that is not this machine and lists what was tried. */
async function cutNetwork(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) && !LOOPBACK.has(url.hostname)) {
      outside.push(url.href);
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });
  return outside;
}

/** The CSP violations the page reports. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp ?? []);
}

describe('the GraphQL explorer', () => {
  e2e(
    "loads offline, shows the schema's descriptions and runs a query as the signed-in user",
    async ({ page }) => {
      const outside = await cutNetwork(page);
      const violations = await watchViolations(page);
      const failed: string[] = [];
      // the explorer's own files and calls must all arrive (the app's prefetches cut short by leaving it do not count)
      page.on(
        'requestfailed',
        (r: Request) => new URL(r.url()).pathname.startsWith('/graphql') && failed.push(`${r.url()} ${r.failure()?.errorText}`),
      );
      await login(page, DEMO.teacher.email);

      await page.goto('/graphql');
      await page.locator('.graphiql-container').waitFor({ timeout: 30_000 });
      // the editor (Monaco) has started: its workers and fonts came from the build too
      await page.locator('.graphiql-query-editor .monaco-editor').waitFor({ timeout: 30_000 });

      // the Docs pane reads the schema by introspection, with its descriptions
      await page.getByRole('button', { name: /Show Documentation Explorer/i }).click();
      await page.getByText('Root Types', { exact: false }).waitFor();
      await page.locator('.graphiql-doc-explorer').getByRole('link', { name: 'Query', exact: true }).click();
      await page.locator('.graphiql-doc-explorer').getByText('me', { exact: true }).first().waitFor();

      // the default query asks for `me`: run it, the answer is the browser's signed-in teacher
      await page.getByRole('button', { name: /Execute query/i }).click();
      await page.locator('.graphiql-response').getByText(DEMO.teacher.email).waitFor({ timeout: 20_000 });

      expect({ outside, failed, csp: await violations() }).toEqual({ outside: [], failed: [], csp: [] });
    },
    { enforceCsp: true, timeout: 120_000 },
  );

  e2e('a script asking /graphql for JSON still gets GraphQL, never the page', async ({ page, baseURL }) => {
    const res = await page.request.get(`${baseURL}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
    });
    expect([res.status(), await res.json()]).toEqual([200, { data: { __typename: 'Query' } }]);
  });
});
