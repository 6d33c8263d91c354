import crypto from 'node:crypto';
import express, { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { Config } from '../config';
import { buildContext } from './build-context';
import { logger } from './logger';
import { createApollo, graphqlRoute } from './graphql';
import { securityHeaders } from './security-headers';
import { compressAnswers } from './compress-answers';
import { webClient, webClientBuilt } from './web-client';
import { PAGE_RENDER_MS, pageRenderer } from './page-render';
import { pageSessionPlugin, pageSessionRest } from './page-session';
import { graphqlExplorer } from './explorer';
import path from 'node:path';
import { requestStore } from './request-store';
import { requestTimeout } from './request-timeout';
import { databaseAnswers } from '../db/health';
import { createServices } from './services';
import { apiErrorHandler, apiNotFound } from './rest';
import { apiRouter } from './rest-router';
import { switchedChangesRest } from '../modules/audit/audit.switched';
import { restWriteGate } from './credential-gate';
import { oauthRouter } from '../modules/integrations/oauth.route';
import { oneRosterRoutes } from '../modules/oneroster/oneroster.router';

/** Statement counts of recent requests by request id; tests read them to prove lists do not grow with data. */
export const sqlCounts = new Map<string, number>();

// reset links carry a secret in the path; keep it out of the logs
const redactPath = (p: string) => p.replace(/(reset-password\/)[^/?]+/, '$1[redacted]');

export async function createApp(ds: DataSource, config: Config) {
  const services = createServices(ds, config);
  // the page cookie lasts as long as the longest session may (the database's expiry decides): page-session.ts
  const cookieMaxAgeSeconds = config.rememberDays * 86_400;
  const apollo = await createApollo([pageSessionPlugin(cookieMaxAgeSeconds)], config.graphqlCompiled);

  const app = express();
  app.disable('x-powered-by');
  // no client revalidates an API answer or a rendered page (POSTs, `no-store`), and hashing every body
  // for an ETag costs a millisecond on a 350 KB grading dashboard; static files keep theirs (web-client.ts)
  app.set('etag', false);
  app.use(securityHeaders(config.publicUrl));
  app.set('trust proxy', 'loopback');

  app.use((req: Request, res: Response, next: NextFunction) => {
    const requestId = crypto.randomUUID();
    const store = { requestId, sqlCount: 0, secure: req.secure };
    const started = process.hrtime.bigint();
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('X-Instance', config.instanceId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (config.nodeEnv === 'test') {
        sqlCounts.set(requestId, store.sqlCount);
        if (sqlCounts.size > 2000) sqlCounts.delete(sqlCounts.keys().next().value!);
      }
      logger.info({ requestId, method: req.method, path: redactPath(req.path), status: res.statusCode, ms: Math.round(ms), sql: store.sqlCount }, 'request');
    });
    requestStore.run(store, () => next());
  });
  app.use(requestTimeout(config.requestTimeoutMs));

  const withContext = async (req: Request, res: Response, next: NextFunction) => {
    try {
      res.locals.ctx = await buildContext(ds, services, req, res.getHeader('X-Request-Id') as string);
      next();
    } catch (err) {
      next(err);
    }
  };

  // a short deadline of its own: a database that is down or hanging is reported at once, not after the pool's timeout
  app.get('/healthz', async (_req, res) => {
    if (await databaseAnswers(ds, config.healthTimeoutMs)) res.json({ status: 'ok' });
    else res.status(503).json({ status: 'unavailable' });
  });

  app.use(['/api', '/graphql'], compressAnswers());

  app.use('/api', express.json({ limit: '1mb' }), withContext, pageSessionRest(cookieMaxAgeSeconds), restWriteGate, switchedChangesRest, apiRouter(), apiNotFound, apiErrorHandler);

  // OAuth 2.0 client credentials (RFC 6749 section 4.4): outside /api, in the RFC's form-and-JSON shape
  app.use(oauthRouter(() => services));

  // OneRoster 1.2 (issue 27): the specification's paths and payloads, for applications
  app.use(oneRosterRoutes(config.publicUrl, withContext));

  if (config.graphqlExplorer) app.use('/graphql', graphqlExplorer(path.join(config.webDist, 'explorer')));
  app.use('/graphql', ...graphqlRoute(apollo, withContext));

  if (webClientBuilt(config.webDist)) {
    // the landing pages rendered with their data (issue 31), by the bundle the web build writes beside the client
    const renderPage = await pageRenderer({
      webDist: config.webDist,
      ssrDist: `${config.webDist}-ssr`,
      apollo,
      contextFor: (req, token) =>
        buildContext(ds, services, { headers: token ? { authorization: `Bearer ${token}` } : {}, ip: req.ip }, requestStore.getStore()?.requestId ?? ''),
      cookieMaxAgeSeconds,
      timeoutMs: PAGE_RENDER_MS,
      testSwitch: config.nodeEnv === 'test',
    });
    app.use(webClient(config.webDist, renderPage));
  } else {
    app.get('/', (_req, res) => res.type('text').send('The web client is not built yet: run `pnpm build`.'));
  }

  return { app, apollo, services };
}
