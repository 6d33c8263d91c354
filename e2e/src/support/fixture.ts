import fs from 'node:fs';
import path from 'node:path';
import { Browser, BrowserContext, Page, chromium } from 'playwright-core';
import { axeFindings } from './a11y';
import { ARTIFACTS_DIR, ENV_BROWSER_WS, baseUrl } from './env';

export interface E2E {
  page: Page;
  context: BrowserContext;
  baseURL: string;
  /**
   * Runs axe on the current page. Findings do not stop the test: they are collected and fail it at the
   * end, so a functional failure and an accessibility failure are both reported.
   */
  a11y(label?: string): Promise<void>;
}

export interface E2EOptions {
  viewport?: { width: number; height: number };
  /** Per test, milliseconds (default 90 s). */
  timeout?: number;
  /** A phone: touch events and a mobile viewport (taps with page.touchscreen). */
  touch?: boolean;
  /** Apply the server's Content-Security-Policy (by default it is bypassed so that axe can be injected). */
  enforceCsp?: boolean;
  /** false: the page's scripts do not run (what a server-rendered page shows by itself). */
  javaScriptEnabled?: boolean;
}

export const DESKTOP = { width: 1280, height: 900 };

let browser: Promise<Browser> | undefined;

/**
 * A server-rendered page (issue 31) shows its buttons before its code has hydrated them, and a click then does
 * nothing: page.goto and page.reload also wait for the app's first commit (web/src/app/App.tsx APP_READY_MARK),
 * on the app's pages (a #root), as a person waits for the page to respond.
 */
export function waitForAppOnNavigation(page: Page): void {
  const ready = () =>
    page
      .waitForFunction(() => !document.getElementById('root') || performance.getEntriesByName('lms-app-ready').length > 0, undefined, {
        timeout: 15_000,
      })
      .then(
        () => undefined,
        () => undefined,
      );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const res = await goto(...args);
    await ready();
    return res;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const res = await reload(...args);
    await ready();
    return res;
  };
}

function connect(): Promise<Browser> {
  const ws = process.env[ENV_BROWSER_WS];
  if (!ws) throw new Error(`${ENV_BROWSER_WS} is not set: run the tests through jest (globalSetup starts chromium)`);
  browser ??= chromium.connect(ws);
  return browser;
}

// the module is loaded once per test file: disconnect when the file is done (the browser stays up)
afterAll(async () => {
  if (browser) await (await browser).close().catch(() => undefined);
  browser = undefined;
});

function artifactName(name: string): string {
  return (
    name
      .replace(/[^A-Za-z0-9 ._-]+/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 180) || 'test'
  );
}

/**
 * A browser test: a fresh context (own storage, 1280x900 unless told) and page; on failure a screenshot goes
 * to e2e/artifacts/<test name>.png and the page's uncaught errors are added to the message.
 */
export function e2e(name: string, fn: (t: E2E) => Promise<void>, opts: E2EOptions = {}): void {
  const timeout = opts.timeout ?? 90_000;
  test(
    name,
    async () => {
      const fullName = expect.getState().currentTestName ?? name;
      const context = await (
        await connect()
      ).newContext({
        viewport: opts.viewport ?? DESKTOP,
        baseURL: baseUrl(),
        bypassCSP: !opts.enforceCsp, // lets axe-core be injected whatever the server's policy
        ...(opts.touch ? { hasTouch: true, isMobile: true } : {}),
        ...(opts.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
      });
      context.setDefaultTimeout(10_000);
      context.setDefaultNavigationTimeout(20_000);
      const page = await context.newPage();
      if (opts.javaScriptEnabled !== false) waitForAppOnNavigation(page);
      const pageErrors: string[] = [];
      page.on('pageerror', (err) => pageErrors.push(err.message));
      const findings: string[] = [];
      const t: E2E = {
        page,
        context,
        baseURL: baseUrl(),
        async a11y(label?: string) {
          const found = await axeFindings(page);
          findings.push(...found.map((f) => (label ? `${label}: ${f}` : f)));
        },
      };

      let timer: NodeJS.Timeout | undefined;
      try {
        const run = fn(t);
        run.catch(() => undefined); // after a timeout it may still reject; its failure is already reported
        await Promise.race([
          run,
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`the test took longer than ${timeout / 1000}s`)), timeout);
          }),
        ]);
        if (findings.length) {
          throw new Error(`Accessibility: ${findings.length} serious/critical axe finding(s):\n  ${findings.join('\n  ')}`);
        }
      } catch (err) {
        const file = path.join(ARTIFACTS_DIR, `${artifactName(fullName)}.png`);
        const shot = await page
          .screenshot({ path: file, fullPage: true, timeout: 5_000 })
          .then(() => path.relative(process.cwd(), file))
          .catch((e: unknown) => `none (${String((e as Error)?.message ?? e).split('\n')[0]})`);
        // errors from playwright come from another realm than the test's: no instanceof Error
        if (err && typeof err === 'object' && typeof (err as Error).message === 'string') {
          const extra: string[] = [`  at ${page.url()}`, `  screenshot: ${shot}`];
          if (findings.length && !(err as Error).message.startsWith('Accessibility')) {
            extra.push(`  also ${findings.length} accessibility finding(s):\n    ${findings.join('\n    ')}`);
          }
          if (pageErrors.length) extra.push(`  uncaught page errors:\n    ${pageErrors.join('\n    ')}`);
          const e = err as Error;
          const original = e.message;
          e.message = `${original}\n${extra.join('\n')}`;
          // playwright's stacks start with the bare message (no 'Name: '): jest prints those stacks as they are
          if (typeof e.stack === 'string' && !e.stack.startsWith(String(e.name))) {
            e.stack = e.stack.includes(original) ? e.stack.replace(original, e.message) : `${e.message}\n${e.stack}`;
          }
        }
        throw err;
      } finally {
        clearTimeout(timer);
        await context.close().catch(() => undefined);
      }
    },
    timeout + 15_000,
  );
}

fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
