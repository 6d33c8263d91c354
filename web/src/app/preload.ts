/**
 * The first page's data starts with the code, not after it (issue 14). index.html loads this small module on its
 * own, ahead of the app's code (a module script that vite.config.ts puts first in the head): with a stored
 * session it sends the session's `me` query at once and, when the address is one of the usual landing pages (hotRoute),
 * that page's query as soon as `me` names the role. The answers wait here; apollo.ts hands each to Apollo when
 * the app sends the same operation (name, variables, text and token), so a page still makes one request per
 * query. It also starts downloading the signed-in shell's and the landing page's code (modulepreload links, from
 * the file list vite.config.ts writes into index.html), so that code arrives with the entry instead of in a
 * second wave after the entry has run; main.tsx renders once it is there (window.__lmsPreload, typed in
 * preload-types.d.ts).
 *
 * It imports only the operations' texts, printed at build time exactly as Apollo sends them (vite.config.ts), and
 * the route table (@lms/routes, a few hundred bytes), so it stays a small file that reaches the server first.
 */
import { FIXED_VARIABLES, OPERATIONS, type PreloadedOperation } from 'virtual:preloaded-operations';
import { ROUTES, matchRoute } from '@lms/routes';
import type { Role } from '../gql/types';

interface Entry {
  text: string;
  token: string;
  sentAt: number;
  /** The answer, or null when there is none to hand over (network failure, not HTTP 200, not GraphQL). */
  answer: Promise<LmsPreloadedAnswer | null>;
}

/** An answer older than this is not handed over: the app asks the server again. */
const MAX_AGE_MS = 30_000;
/** lib/token.ts's key (not imported: see preload-types.d.ts). */
const TOKEN_KEY = 'token';

const entries = new Map<string, Entry>();

/** Variables as one string whatever the order of their keys (they are flat: ids). */
function variablesKey(variables: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(variables)
      .sort()
      .map((k) => [k, variables[k]]),
  );
}

function send(name: PreloadedOperation, variables: Record<string, unknown>, token: string): Entry['answer'] {
  const text = OPERATIONS[name];
  // the request apollo.ts's HttpLink would send, headers included (the CSRF preflight header, the token)
  const answer = fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      accept: 'application/graphql-response+json,application/json;q=0.9',
      'content-type': 'application/json',
      'Apollo-Require-Preflight': 'true',
      Authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ operationName: name, variables, query: text }),
  })
    .then((res) => (res.status === 200 ? (res.json() as Promise<unknown>) : null))
    .then((body) => (body && typeof body === 'object' && ('data' in body || 'errors' in body) ? (body as LmsPreloadedAnswer) : null))
    .catch(() => null);
  entries.set(name + variablesKey(variables), { text, token, sentAt: performance.now(), answer });
  return answer;
}

function take(name: string, text: string, variables: Record<string, unknown>, token: unknown): Entry['answer'] | null {
  const key = name + variablesKey(variables);
  const entry = entries.get(key);
  if (!entry) return null;
  entries.delete(key);
  if (entry.token !== token || performance.now() - entry.sentAt > MAX_AGE_MS) return null;
  if (entry.text !== text) {
    // the build printed it differently from Apollo (vite.config.ts): the page still loads, with one more request
    if (import.meta.env.DEV) console.warn(`preloaded ${name} does not match the operation Apollo sends`);
    return null;
  }
  return entry.answer;
}

/** The landing pages whose code and data start early (the route table's, as AppRoutes.tsx routes them). */
function hotRoute(pathname: string): LmsHotRoute | null {
  if (matchRoute('dashboard', pathname)) return { page: 'dashboard' };
  const course = matchRoute('course', pathname);
  if (course) return { page: 'course', courseId: course.courseId };
  return null;
}

/** Whether the address is inside the signed-in shell (the dashboard's pages, /profile, /settings and theirs). */
const inShell = (pathname: string) =>
  [ROUTES.dashboard, ROUTES.profile, ROUTES.settings].some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * The page's query for the active role (`me` says which): the dashboard's (DashboardPage.tsx; the other roles'
 * dashboards ask for none) and the course page's (CoursePage.tsx: the staff view's, or the learner's view's).
 */
const PAGE_QUERY: Record<LmsHotRoute['page'], Partial<Record<Role, PreloadedOperation>>> = {
  dashboard: { TEACHER: 'DashboardCourses', STUDENT: 'StudentDashboard' },
  course: {
    TEACHER: 'CourseDetail',
    ADMIN: 'CourseDetail',
    SUPER_ADMIN: 'CourseDetail',
    PARENT: 'CourseDetail',
    STUDENT: 'StudentCourseDetail',
  },
};

/** The variables of a page's query, as the page passes them. */
function pageVariables(route: LmsHotRoute, query: PreloadedOperation): Record<string, unknown> {
  if (route.page !== 'course') return { ...FIXED_VARIABLES[query] };
  return query === 'StudentCourseDetail' ? { courseId: route.courseId } : { id: route.courseId };
}

function storedToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null; // storage unavailable: signed out
  }
}

/** index.html's data block written by vite.config.ts (routeChunks): the files of the shell and of each landing page. */
const ROUTE_CHUNKS_ID = 'lms-route-chunks';

/**
 * Starts downloading the shell's code and, on a landing page, the page's, beside the entry (modulepreload), so
 * they do not wait for the entry to arrive and run first. A missing or unreadable block (the dev server has
 * none) only means the app loads them itself, later.
 */
function preloadCode(route: LmsHotRoute | null): void {
  let chunks: Record<string, string[]>;
  try {
    chunks = JSON.parse(document.getElementById(ROUTE_CHUNKS_ID)?.textContent ?? '{}') as Record<string, string[]>;
  } catch {
    return;
  }
  for (const href of [...(chunks.shell ?? []), ...((route && chunks[route.page]) ?? [])]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // as the entry's script tag, so the browser reuses the download for the import
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

/**
 * lib/serverState.ts's SERVER_STATE_ID (not imported, to keep this file small): a page the server rendered with its
 * data carries it, and the app is handed that data, so nothing is sent from here then (issue 31).
 */
const SERVER_STATE_ID = 'lms-server-state';

function start(): LmsPreload {
  const token = storedToken();
  const { pathname } = window.location;
  if (token === null) return { take, shell: false, route: null };
  const route = hotRoute(pathname);
  const rendered = document.getElementById(SERVER_STATE_ID) !== null;
  const me = rendered ? null : send('Me', {}, token);
  if (route && me) {
    // the answer comes long before the page's code, so waiting for the role costs the page nothing
    void me.then((answer) => {
      const role = (answer?.data?.me as { activeRole?: Role } | undefined)?.activeRole;
      const query = role ? PAGE_QUERY[route.page][role] : undefined;
      if (query) send(query, pageVariables(route, query), token);
    });
  }
  const shell = inShell(pathname);
  if (shell) preloadCode(route);
  return { take, shell, route };
}

window.__lmsPreload = start();
