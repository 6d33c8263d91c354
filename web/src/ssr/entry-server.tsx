/**
 * The server's side of the web client (issue 31), built by vite.ssr.config.ts into web/dist-ssr and loaded by
 * server/src/app/page-render.ts: renders one of serverRendered.ts's pages with its data, as the browser would.
 * The page's GraphQL operations run through `execute` (the server's Apollo, in process, with the cookie's
 * session), Apollo's prerenderStatic renders until every query has its answer, and emotion's styles of that
 * render are collected into style tags the browser's emotion takes over. The browser then hydrates with the
 * same cache (main.tsx), so it asks for none of that data again.
 */
import { ApolloClient, ApolloLink } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { print } from '@apollo/client/utilities';
import createEmotionCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { FormattedExecutionResult } from 'graphql';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { from } from 'rxjs';
import { ROUTES, matchRoute } from '@lms/routes';
import { createCache } from '../app/apollo';
import { AppTree } from '../app/App';
import { serverRenderedRoute } from '../app/serverRendered';
import type { ServerState } from '../lib/serverState';
import { MeDocument, type MeQuery } from '../lib/session.generated';
import { StudentCourseDetailDocument, StudentDashboardDocument } from '../features/classes/classes.generated';
import { CourseDetailDocument, DashboardCoursesDocument } from '../features/courses/courses.generated';
import { DASHBOARD_VARIABLES } from '../lib/listMax';
import type { DocumentNode } from 'graphql';

export interface RenderRequest {
  /** The address asked for (path and query). */
  url: string;
  /** The session's active role (GraphQL's spelling: TEACHER), or null signed out: the page's queries start with `me`. */
  role: string | null;
  /** Runs one operation as /graphql would for the request's session (none: signed out). */
  execute(operation: { query: string; variables: Record<string, unknown>; operationName?: string }): Promise<FormattedExecutionResult>;
  /** Rendering stops here (the caller's deadline): the page is then not sent rendered. */
  signal: AbortSignal;
}

export type RenderResult =
  /** Not a server-rendered page: index.html, the client renders it. */
  | { kind: 'client' }
  /** A signed-in page without a session (to /login), or /login with one (to /dashboard). */
  | { kind: 'redirect'; location: string; signedIn: boolean }
  | { kind: 'page'; signedIn: boolean; head: string; body: string; state: string };

/** A script's text that cannot end its element or open a comment, whatever the data holds. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The landing pages' own queries for a role, with the variables their hooks pass (useDashboardData.ts,
 * useCourseDetail.ts, useStudentCourse.ts; preload.ts's PAGE_QUERY is the browser's copy): asked before rendering,
 * the render finds them in the cache, so the tree is rendered once instead of once to find them and again with
 * their answers. A page not named here (or a hook that asks differently) still works: prerenderStatic renders it
 * again.
 */
function pageQueries(pathname: string, role: string): { query: DocumentNode; variables: Record<string, unknown> }[] {
  if (matchRoute('dashboard', pathname)) {
    if (role === 'TEACHER') return [{ query: DashboardCoursesDocument, variables: { ...DASHBOARD_VARIABLES } }];
    if (role === 'STUDENT') return [{ query: StudentDashboardDocument, variables: {} }];
    return [];
  }
  const courseId = matchRoute('course', pathname)?.courseId;
  if (!courseId) return [];
  if (role === 'STUDENT') return [{ query: StudentCourseDetailDocument, variables: { courseId } }];
  return [{ query: CourseDetailDocument, variables: { id: courseId } }];
}

/** Whether the server renders this path at all (the rest get index.html without looking at the session). */
export const rendersPath = (pathname: string): boolean => serverRenderedRoute(pathname) !== null;

export async function render({ url, role, execute, signal }: RenderRequest): Promise<RenderResult> {
  const pathname = new URL(url, 'http://x').pathname;
  const route = serverRenderedRoute(pathname);
  if (!route) return { kind: 'client' };

  const link = new ApolloLink((operation) =>
    from(execute({ query: print(operation.query), variables: operation.variables, operationName: operation.operationName })),
  );
  const client = new ApolloClient({ ssrMode: true, link, cache: createCache() });
  try {
    // the page's data, its code and `me` at once (the session's role says which page queries); a query that fails
    // here is asked again by the render, which shows its error as the browser would
    const ask = (queries: ReturnType<typeof pageQueries>) =>
      queries.map(({ query, variables }) => client.query({ query, variables }).catch(() => undefined));
    const early = route.signedIn && role ? pageQueries(pathname, role) : [];
    const loading = Promise.all([...route.pages.map((page) => page.preload()), ...ask(early)]);
    loading.catch(() => undefined); // awaited below; a redirect returns before that
    let me: MeQuery['me'] | null = null;
    try {
      const { data } = await client.query({ query: MeDocument, fetchPolicy: 'network-only' });
      me = data?.me ?? null;
    } catch {
      me = null; // no session, or one that has ended: signed out
    }
    const signedIn = me !== null;
    if (route.signedIn && !signedIn) return { kind: 'redirect', location: ROUTES.login, signedIn };
    if (!route.signedIn && signedIn) return { kind: 'redirect', location: ROUTES.dashboard, signedIn };

    // `me` says otherwise (the role changed meanwhile): its page's queries now
    const late = me && me.activeRole !== role ? pageQueries(pathname, me.activeRole) : [];
    await Promise.all([loading, ...ask(late)]);
    const emotion = createEmotionCache({ key: 'css' });
    // styles are collected below, not written beside each element
    emotion.compat = true;
    const router = (children: ReactNode) => <StaticRouter location={url}>{children}</StaticRouter>;
    // prerenderStatic renders the tree again whenever the last render created a query, even one the cache answered
    // whole; a render after which no query is still loading is the page, so its loop is ended there (the second
    // render was half the page's server time). The caller's deadline still ends it as before.
    const loop = new AbortController();
    const stop = () => loop.abort();
    signal.addEventListener('abort', stop);
    let complete = false;
    const { result, aborted } = await prerenderStatic({
      tree: (
        <CacheProvider value={emotion}>
          <AppTree client={client} initialSession={me} router={router} />
        </CacheProvider>
      ),
      signal: loop.signal,
      maxRerenders: 6,
      renderFunction: async (tree: ReactNode) => {
        // one piece: React would otherwise outline a large boundary behind its fallback with an inline script to
        // reveal it, which the CSP (script-src 'self') blocks, leaving the page on its spinner until hydration
        const rendered = await prerenderToNodeStream(tree, { signal, progressiveChunkSize: Number.POSITIVE_INFINITY });
        complete = [...client.getObservableQueries('all')].every((q) => !q.getCurrentResult().loading);
        if (complete) loop.abort();
        return rendered;
      },
    }).finally(() => signal.removeEventListener('abort', stop));
    if (aborted && !(complete && !signal.aborted)) throw new Error('rendering took too long');

    const names: string[] = [];
    let css = '';
    for (const [name, style] of Object.entries(emotion.inserted)) {
      if (typeof style !== 'string') continue;
      names.push(name);
      css += style;
    }
    const state: ServerState = { me, apollo: client.extract() as ServerState['apollo'] };
    return {
      kind: 'page',
      signedIn,
      head: `<style data-emotion="css ${names.join(' ')}">${css}</style>`,
      body: result,
      state: scriptSafe(JSON.stringify(state)),
    };
  } finally {
    client.stop();
  }
}
