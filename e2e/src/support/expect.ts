import type { Locator, Page } from 'playwright-core';

/**
 * Waiting assertions for playwright-core (which has no `expect` of its own). Each waits up to the
 * timeout and fails with a message naming what was looked for.
 */
const DEFAULT_TIMEOUT = 10_000;

function describe(locator: Locator): string {
  return String(locator).replace(/^Locator@/, '');
}

/** Waits until (the first match of) the locator is visible. */
export async function expectVisible(locator: Locator, what?: string, timeout = DEFAULT_TIMEOUT): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`expected to see ${what ?? describe(locator)} within ${timeout / 1000}s`);
  }
}

/** Waits until no match of the locator is visible (none at all, or all hidden). */
export async function expectNotVisible(locator: Locator, what?: string, timeout = DEFAULT_TIMEOUT): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const shown = await locator.filter({ visible: true }).count();
    if (shown === 0) return;
    if (Date.now() > deadline) throw new Error(`expected not to see ${what ?? describe(locator)}, but ${shown} visible match(es) remain`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Checks now (no waiting) that nothing matching is visible: use after the page has settled. */
export async function expectAbsentNow(locator: Locator, what?: string): Promise<void> {
  const shown = await locator.filter({ visible: true }).count();
  if (shown) throw new Error(`expected no ${what ?? describe(locator)}, found ${shown}`);
}

/** Waits for the page's path (and optionally query) to match. */
export async function expectPath(page: Page, path: string | RegExp, timeout = DEFAULT_TIMEOUT): Promise<void> {
  const test = (url: URL) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname + url.search));
  try {
    await page.waitForURL(test, { timeout, waitUntil: 'commit' });
  } catch {
    throw new Error(`expected the path ${path}, the page is at ${new URL(page.url()).pathname}`);
  }
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Polls `read` until it returns something `accept` takes, failing with the last value. */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (v: T) => boolean,
  what: string,
  timeout = DEFAULT_TIMEOUT,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T;
  for (;;) {
    last = await read();
    if (accept(last)) return last;
    if (Date.now() > deadline) throw new Error(`${what}: last value ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Matches a label exactly, allowing a trailing required-field asterisk. */
export function exactLabel(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`);
}
