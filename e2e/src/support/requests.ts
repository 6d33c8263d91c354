/**
 * Counting the GraphQL requests a page sends (requests.e2e, account.e2e): fairly and stably. The user signs in
 * through the form, the test waits until no GraphQL request has been in flight for a while, and only then starts
 * counting; the count ends once the page shows its content and the network has been quiet for a while again.
 * Every POST to /graphql counts, by its operation name.
 */
import type { Page, Request } from 'playwright-core';
import { login } from './auth';
import { assert } from './expect';

/** How long the network must stay quiet before a page counts as loaded (or as settled before counting). */
const QUIET_MS = 750;

function isGraphql(req: Request): boolean {
  return req.method() === 'POST' && new URL(req.url()).pathname === '/graphql';
}

function operationName(req: Request): string {
  try {
    return (req.postDataJSON() as { operationName?: string } | null)?.operationName ?? '(unnamed)';
  } catch {
    return '(multipart)';
  }
}

/** Watches the page's GraphQL requests: `start()` begins a count, `settled()` waits for a quiet network. */
export function graphqlRequests(page: Page) {
  let counted: string[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const done = (req: Request) => {
    if (!isGraphql(req)) return;
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('request', (req) => {
    if (!isGraphql(req)) return;
    inFlight += 1;
    lastActivity = Date.now();
    counted.push(operationName(req));
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** Forgets what was sent so far. */
    start() {
      counted = [];
    },
    /** The operation names sent since `start()`. */
    get sent(): string[] {
      return [...counted];
    },
    /** Waits until nothing is in flight and nothing was sent for QUIET_MS. */
    async settled(timeout = 15_000): Promise<void> {
      const deadline = Date.now() + timeout;
      while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
        if (Date.now() > deadline) throw new Error(`GraphQL requests did not settle within ${timeout / 1000}s (${inFlight} in flight)`);
        await page.waitForTimeout(100);
      }
    },
  };
}

export type Requests = ReturnType<typeof graphqlRequests>;

/** Signs in through the form and waits for the dashboard's requests (the session's `me` among them) to end. */
export async function signIn(page: Page, email: string): Promise<Requests> {
  const requests = graphqlRequests(page);
  await login(page, email);
  await requests.settled();
  return requests;
}

/** Runs `open` (a click inside the app), waits for `ready` and a quiet network, and returns what was sent. */
export async function countWhile(requests: Requests, open: () => Promise<void>, ready: () => Promise<void>): Promise<string[]> {
  requests.start();
  await open();
  await ready();
  await requests.settled();
  return requests.sent;
}

export function expectOne(sent: string[], what: string): void {
  assert(sent.length === 1, `${what} should send exactly 1 GraphQL request, sent ${sent.length}: ${sent.join(', ') || 'none'}`);
}
