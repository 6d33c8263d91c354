import fs from 'node:fs';
import path from 'node:path';
import express, { NextFunction, Request, Response, Router } from 'express';
import { hashedAssets } from './web-client';

/**
 * The GraphQL explorer on GET /graphql for a browser (issue 26): the GraphiQL page the web build bundles into
 * `<webDist>/explorer` (web/vite.explorer.config.ts), served from here with its files, so it loads with no
 * internet and within the Content-Security-Policy. A GET that asks for JSON, or carries a query, is left to
 * Apollo, as are POSTs. Off (GRAPHQL_EXPLORER=false) or not built: nothing here, and Apollo's own landing page
 * stays disabled (it loads Apollo Sandbox from a CDN, with telemetry).
 */
export function graphqlExplorer(explorerDist: string): Router {
  const router = express.Router();
  const index = path.join(explorerDist, 'index.html');
  const built = fs.existsSync(index);
  router.use('/explorer/assets', hashedAssets(path.join(explorerDist, 'assets')));
  router.get('/', (req: Request, res: Response, next: NextFunction) => {
    if (
      !built ||
      req.query.query !== undefined ||
      req.accepts(['application/json', 'application/graphql-response+json', 'html']) !== 'html'
    )
      return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
