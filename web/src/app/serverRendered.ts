import type { LazyPage } from '../lib/lazyPage';
import { AppLayout, CoursePage, DashboardPage, LoginPage, MyAssignmentsPage, MyExamsPage, MyQuizzesPage } from './pages';

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
