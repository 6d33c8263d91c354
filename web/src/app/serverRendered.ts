import type { NormalizedCacheObject } from '@apollo/client';
import type { MeQuery } from '../features/auth/auth.generated';
import type { LazyPage } from './lazyPage';
import {
  AppLayout, CoursePage, DashboardPage, LoginPage, MyAssignmentsPage, MyExamsPage, MyQuizzesPage,
} from './pages';

/**
 * The pages the server renders with their data (issue 31): the landing pages of every role, the course page, the
 * student's lists and /login. Each names the code it needs, loaded before rendering on the server and before
 * hydrating in the browser, so both render the same tree at once (lazyPage renders loaded code without suspending).
 * Every other address gets index.html and the client renders it, as before.
 */
export interface ServerRenderedRoute {
  /** The signed-in shell's pages need a session; /login is rendered only without one. */
  signedIn: boolean;
  pages: LazyPage<never>[];
}

const SHELL = (page: LazyPage<never>): ServerRenderedRoute => ({ signedIn: true, pages: [AppLayout as LazyPage<never>, page] });

export function serverRenderedRoute(pathname: string): ServerRenderedRoute | null {
  if (/^\/login\/?$/.test(pathname)) return { signedIn: false, pages: [LoginPage as LazyPage<never>] };
  if (/^\/dashboard\/?$/.test(pathname)) return SHELL(DashboardPage as LazyPage<never>);
  if (/^\/dashboard\/courses\/[^/]+\/?$/.test(pathname)) return SHELL(CoursePage as LazyPage<never>);
  const list = /^\/dashboard\/(assignments|quizzes|exams)\/?$/.exec(pathname)?.[1];
  if (list) return SHELL({ assignments: MyAssignmentsPage, quizzes: MyQuizzesPage, exams: MyExamsPage }[list] as LazyPage<never>);
  return null;
}

/** The id of the data block a rendered page carries (a JSON script: not executed, so the CSP is not concerned). */
export const SERVER_STATE_ID = 'lms-server-state';

/** What the server hands the browser beside the HTML. */
export interface ServerState {
  /** The session's `me` as rendered (null: rendered signed out, i.e. /login). */
  me: MeQuery['me'] | null;
  /** Apollo's cache after rendering: the client starts from it and asks for none of it again. */
  apollo: NormalizedCacheObject;
}

/** The state of a page the server rendered, or null (index.html: the client renders from scratch). */
export function readServerState(): ServerState | null {
  const block = typeof document === 'undefined' ? null : document.getElementById(SERVER_STATE_ID);
  if (!block) return null;
  try {
    return JSON.parse(block.textContent ?? '') as ServerState;
  } catch {
    return null;
  }
}

/** Whether this page arrived rendered: AppLayout's media query then starts as the server rendered it (narrow). */
export const arrivedRendered = typeof document !== 'undefined' && document.getElementById(SERVER_STATE_ID) !== null;
