import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApolloServer } from '@apollo/server';
import type { Request, Response } from 'express';
import type { FormattedExecutionResult } from 'graphql';
import type { RequestContext } from '../core/context';
import { enumValueName } from '../core/enum-values';
import { logger } from '../core/logger';
import { pageSessionCookie, pageSessionToken } from '../modules/auth';
import { requestStore } from '../core/request-store';

/** What web/src/ssr/entry-server.tsx exports (the built bundle is loaded at run time, so its types are restated). */
interface RenderRequest {
  url: string;
  role: string | null;
  execute(operation: { query: string; variables: Record<string, unknown>; operationName?: string }): Promise<FormattedExecutionResult>;
  signal: AbortSignal;
}
type RenderResult =
  | { kind: 'client' }
  | { kind: 'redirect'; location: string; signedIn: boolean }
  | { kind: 'page'; signedIn: boolean; head: string; body: string; state: string };
interface RenderBundle {
  rendersPath(pathname: string): boolean;
  render(request: RenderRequest): Promise<RenderResult>;
}

/** Answers a page request rendered, or returns false for the caller to send index.html (client rendering). */
export type PageRenderer = (req: Request, res: Response) => Promise<boolean>;

export interface PageRendererOptions {
  /** The client build (index.html is the page's frame) and the rendering bundle beside it (web/dist-ssr). */
  webDist: string;
  ssrDist: string;
  apollo: ApolloServer<RequestContext>;
  /** The request context for a session token (null: signed out), as /graphql builds it from the bearer header. */
  contextFor(req: Request, token: string | null): Promise<RequestContext>;
  /** The page cookie's lifetime (page-session.ts). */
  cookieMaxAgeSeconds: number;
  /** A render that takes longer is dropped: the page goes out as index.html. */
  timeoutMs: number;
  /** Tests may ask for a failing render (header X-Test-Page-Render: fail) to see the fallback; nobody else. */
  testSwitch: boolean;
}

/** How long a page may take to render before index.html goes out instead (a phone is better served by the client then). */
export const PAGE_RENDER_MS = 3_000;

/** The rendering bundle's entry (web/vite.ssr.config.ts), when the build made one. */
export const renderEntry = (ssrDist: string) => path.join(ssrDist, 'entry-server.mjs');

/** The rendered page in index.html's frame: the styles in the head, the HTML in #root, the state after it. */
export function framePage(template: string, page: { head: string; body: string; state: string }, stateId: string): string {
  const root = /<div id="root">[\s\S]*?<\/div>/;
  if (!root.test(template) || !template.includes('</head>')) throw new Error('index.html has no #root or no </head>');
  return template
    .replace('</head>', `${page.head}</head>`)
    .replace(root, () => `<div id="root">${page.body}</div><script type="application/json" id="${stateId}">${page.state}</script>`);
}

/** web/src/lib/serverState.ts's SERVER_STATE_ID. */
const SERVER_STATE_ID = 'lms-server-state';

/**
 * The server-rendered landing pages (issue 31): the page's operations run in process through the same Apollo
 * server as /graphql (its validation, limits, error mapping and plugins) with the context the cookie's session
 * gives (build-context.ts: the same actor and authorization as a request with that bearer token). A rendered page
 * answers `Cache-Control: private, no-store` (it is one person's); any failure or a render past the deadline
 * sends index.html instead, so the client renders it as before: never a blank page. Null when there is no bundle.
 */
export async function pageRenderer(options: PageRendererOptions): Promise<PageRenderer | null> {
  const entry = renderEntry(options.ssrDist);
  if (!fs.existsSync(entry)) return null;
  const bundle = (await import(pathToFileURL(entry).href)) as RenderBundle;
  const template = fs.readFileSync(path.join(options.webDist, 'index.html'), 'utf8');

  return async (req, res) => {
    if (!bundle.rendersPath(req.path)) return false;
    const token = pageSessionToken(req.headers.cookie);
    const secure = requestStore.getStore()?.secure ?? req.secure;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    try {
      if (options.testSwitch && req.headers['x-test-page-render'] === 'fail')
        throw new Error('page rendering failed on request (test switch)');
      const ctx = await options.contextFor(req, token);
      const execute: RenderRequest['execute'] = async ({ query, variables, operationName }) => {
        const response = await options.apollo.executeOperation({ query, variables, operationName }, { contextValue: ctx });
        if (response.body.kind !== 'single') throw new Error('an incremental answer while rendering');
        return response.body.singleResult;
      };
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new Error(`rendering took more than ${options.timeoutMs} ms`));
        }, options.timeoutMs);
      });
      // the session's role (as GraphQL spells it), so the page's own queries need not wait for `me`
      const role = ctx.actor ? enumValueName(ctx.actor.activeRole) : null;
      const result = await Promise.race([bundle.render({ url: req.originalUrl, role, execute, signal: controller.signal }), deadline]);
      if (result.kind === 'client') return false;
      res.setHeader('Cache-Control', 'private, no-store');
      // a cookie whose session has ended is dropped, so the next page does not try it again
      if (token && !result.signedIn) res.setHeader('Set-Cookie', pageSessionCookie(null, secure, options.cookieMaxAgeSeconds));
      if (result.kind === 'redirect') {
        res.redirect(302, result.location);
        return true;
      }
      res.type('html').send(framePage(template, result, SERVER_STATE_ID));
      return true;
    } catch (err) {
      logger.warn({ err: (err as Error).message, path: req.path }, 'page rendering failed: sending the client-rendered page');
      return false;
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  };
}
