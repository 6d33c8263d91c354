import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { Config } from '../config';
import { buildContext } from './build-context';
import { createApollo, graphqlRoute } from './graphql';
import { securityHeaders } from './security-headers';
import { compressAnswers } from './compress-answers';
import { webClient, webClientBuilt } from './web-client';
import { PAGE_RENDER_MS, pageRenderer } from './page-render';
import { pageSessionPlugin, pageSessionRest } from '../modules/auth';
import { graphqlExplorer } from './explorer';
import path from 'node:path';
import { requestStore } from '../core/request-store';
import { requestFacts } from './request-facts';
import { directRoute } from './direct-route';
import { KnownQueries } from './known-queries';
import { buildAppSchema } from './schema';
import { requestTimeout } from './request-timeout';
import { databaseAnswers } from '../db/health';
import { createServices } from './services';
import { requestLoaders } from './loaders';
import type { AnyManifest } from '../core/manifest';
import { manifests } from './manifests';
import { apiErrorHandler, apiNotFound } from '../core/rest';
import { apiRouter } from './rest-router';
import { switchedChangesRest } from '../modules/audit';
import { restWriteGate } from './credential-gate';
import { oauthRouter } from '../modules/integrations';
import { oneRosterRoutes } from '../modules/oneroster';

export { sqlCounts } from './request-facts';

/**
 * The whole app from one list of domains (the app's own, app/manifests.ts): services, request loaders, the schema,
 * the REST adapters. A test builds it with one more domain added the way a new one is (app/add-a-domain.test.ts).
 */
export async function createApp(ds: DataSource, config: Config, list: readonly AnyManifest[] = manifests) {
  const services = createServices(ds, config, list);
  const newLoaders = requestLoaders(ds, list);
  // the page cookie lasts as long as the longest session may (the database's expiry decides): page-session.ts
  const cookieMaxAgeSeconds = config.rememberDays * 86_400;
  const known = new KnownQueries(await buildAppSchema(list));
  const apollo = await createApollo(
    [pageSessionPlugin(cookieMaxAgeSeconds), ...(config.graphqlKnownQueries ? [known.plugin()] : [])],
    config.graphqlCompiled,
    list,
  );
  // every request's own handlers, in this order, on every path (also the direct route to /graphql below)
  const headers = securityHeaders(config.publicUrl);
  const facts = requestFacts(config);
  const timeout = requestTimeout(config.requestTimeoutMs);
  const compress = compressAnswers();

  const app = express();
  app.disable('x-powered-by');
  // no client revalidates an API answer or a rendered page (POSTs, `no-store`), and hashing every body
  // for an ETag costs a millisecond on a 350 KB grading dashboard; static files keep theirs (web-client.ts)
  app.set('etag', false);
  app.use(headers);
  app.set('trust proxy', 'loopback');

  app.use(facts);
  app.use(timeout);

  const contextFor = (guess: boolean) => async (req: Request, res: Response, next: NextFunction) => {
    try {
      res.locals.ctx = await buildContext(newLoaders, services, req, res.getHeader('X-Request-Id') as string, { guess });
      next();
    } catch (err) {
      next(err);
    }
  };
  const withContext = contextFor(false);

  // a short deadline of its own: a database that is down or hanging is reported at once, not after the pool's timeout
  app.get('/healthz', async (_req, res) => {
    if (await databaseAnswers(ds, config.healthTimeoutMs)) res.json({ status: 'ok' });
    else res.status(503).json({ status: 'unavailable' });
  });

  app.use(['/api', '/graphql'], compress);

  app.use(
    '/api',
    express.json({ limit: '1mb' }),
    withContext,
    pageSessionRest(cookieMaxAgeSeconds),
    restWriteGate,
    switchedChangesRest,
    apiRouter(list),
    apiNotFound,
    apiErrorHandler,
  );

  // OAuth 2.0 client credentials (RFC 6749 section 4.4): outside /api, in the RFC's form-and-JSON shape
  app.use(oauthRouter(() => services));

  // OneRoster 1.2 (issue 27): the specification's paths and payloads, for applications
  app.use(oneRosterRoutes(config.publicUrl, withContext));

  if (config.graphqlExplorer) app.use('/graphql', graphqlExplorer(path.join(config.webDist, 'explorer')));
  // a query's session viewer may be a guess that its first read checks (auth/session-check.ts)
  const graphql = graphqlRoute(apollo, contextFor(true), known);
  app.use('/graphql', ...graphql);

  if (webClientBuilt(config.webDist)) {
    // the landing pages rendered with their data (issue 31), by the bundle the web build writes beside the client
    const renderPage = await pageRenderer({
      webDist: config.webDist,
      ssrDist: `${config.webDist}-ssr`,
      apollo,
      contextFor: (req, token) =>
        buildContext(
          newLoaders,
          services,
          { headers: token ? { authorization: `Bearer ${token}` } : {}, ip: req.ip },
          requestStore.getStore()?.requestId ?? '',
        ),
      cookieMaxAgeSeconds,
      timeoutMs: PAGE_RENDER_MS,
      testSwitch: config.nodeEnv === 'test',
    });
    app.use(webClient(config.webDist, renderPage));
  } else {
    app.get('/', (_req, res) => res.type('text').send('The web client is not built yet: run `pnpm build`.'));
  }

  // POST /graphql, which nearly every request of the web client is: the handlers it meets in the app above,
  // in the same order, without walking the router's other layers (none of which answers it)
  const graphqlPost = directRoute(app, [headers, facts, timeout, compress, ...graphql]);
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method === 'POST' && req.url === '/graphql') graphqlPost(req, res);
    else app(req, res);
  };
  return { app, handler, apollo, services, known };
}
