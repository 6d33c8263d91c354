import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import express, { NextFunction, Request, Response } from 'express';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { DataSource } from 'typeorm';
import { Config } from '../config';
import { formatGraphQLError } from '../errors/mapping';
import { RequestContext } from './context';
import { buildContext } from './build-context';
import { logger } from './logger';
import { requestStore } from './request-store';
import { buildAppSchema } from './schema';
import { createServices } from './services';
import { apiErrorHandler, apiNotFound } from './rest';
import { apiRouter } from './rest-router';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import { MAX_FILE_BYTES } from '../modules/files/files.service';

/**
 * Multipart requests skip the browser's CORS preflight, so the upload parser runs only for requests that
 * carry a header a plain form cannot send (as Apollo's own CSRF prevention asks for).
 */
function uploadPreflightCheck(req: Request, res: Response, next: NextFunction): void {
  if (!req.is('multipart/form-data')) return next();
  if (req.headers['apollo-require-preflight'] || req.headers['x-apollo-operation-name']) return next();
  res.status(400).json({
    errors: [{
      message: "Multipart requests must carry the header 'Apollo-Require-Preflight: true' (or 'x-apollo-operation-name')",
      extensions: { code: 'BAD_REQUEST' },
    }],
  });
}

/** Statement counts of recent requests by request id; tests read them to prove lists do not grow with data. */
export const sqlCounts = new Map<string, number>();

// reset links carry a secret in the path; keep it out of the logs
const redactPath = (p: string) => p.replace(/(reset-password\/)[^/?]+/, '$1[redacted]');

export async function createApp(ds: DataSource, config: Config) {
  const services = createServices(ds, config);
  const apollo = new ApolloServer<RequestContext>({
    schema: await buildAppSchema(),
    formatError: formatGraphQLError,
    includeStacktraceInErrorResponses: false,
    introspection: true,
    csrfPrevention: true,
    // main.ts stops Apollo, then the database, in order; Apollo's own signal handler would stop it first
    // and leave that sequence waiting
    stopOnTerminationSignals: false,
    plugins: [
      {
        // a revoked or expired token is a 401 on every transport
        async requestDidStart({ contextValue }) {
          return {
            async willSendResponse({ response }) {
              if (contextValue.tokenRejected && response.body.kind === 'single' &&
                response.body.singleResult.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) {
                response.http.status = 401;
              }
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use((req: Request, res: Response, next: NextFunction) => {
    const requestId = crypto.randomUUID();
    const store = { requestId, sqlCount: 0 };
    const started = process.hrtime.bigint();
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('X-Content-Type-Options', 'nosniff');
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

  const withContext = async (req: Request, res: Response, next: NextFunction) => {
    try {
      res.locals.ctx = await buildContext(ds, services, req, res.getHeader('X-Request-Id') as string);
      next();
    } catch (err) {
      next(err);
    }
  };

  app.get('/healthz', async (_req, res) => {
    try {
      await ds.query('SELECT 1');
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });

  app.use('/api', express.json({ limit: '1mb' }), withContext, apiRouter(), apiNotFound, apiErrorHandler);

  app.use(
    '/graphql',
    uploadPreflightCheck,
    graphqlUploadExpress({ maxFileSize: MAX_FILE_BYTES, maxFiles: 1 }),
    express.json({ limit: '2mb' }),
    withContext,
    expressMiddleware(apollo, { context: async ({ res }) => res.locals.ctx as RequestContext }),
  );

  const index = path.join(config.webDist, 'index.html');
  if (fs.existsSync(index)) {
    app.use(express.static(config.webDist, { index: false, maxAge: '1h' }));
    // the client router decides every other path, including its 404 page
    app.use((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      res.sendFile(index);
    });
  } else {
    app.get('/', (_req, res) => res.type('text').send('The web client is not built yet: run `pnpm build`.'));
  }

  return { app, apollo, services };
}
