import fs from 'node:fs';
import path from 'node:path';
import express, { NextFunction, Request, Response, Router } from 'express';
import type { PageRenderer } from './page-render';
import { compressPages } from './compress-answers';
import { ROUTES, pathTo } from '@lms/routes';

/**
 * The built web client. Vite names every file under assets/ by its content hash, so those never change and
 * are cached for a year (immutable); index.html names them, so it is revalidated on every visit (no-cache)
 * and a deploy is seen at once. The build writes a brotli and a gzip copy beside each text asset
 * (web/scripts/compress.mjs): the smallest one the browser accepts is sent, with no compression work per
 * request. Every other GET path gets index.html and the client router decides (including its 404 page), but for
 * the pages `renderPage` renders with their data (page-render.ts, issue 31): those are sent rendered, and fall
 * back to index.html when rendering fails.
 */
export function webClient(dist: string, renderPage?: PageRenderer | null): Router {
  const router = express.Router();
  const index = path.join(dist, 'index.html');
  const assets = path.join(dist, 'assets');

  router.use('/assets', hashedAssets(assets));
  // a chunk of an older build is gone: a plain 404 (the client's error boundary offers Reload), never index.html
  router.use('/assets', (_req, res) => res.status(404).type('text').send('Not found'));
  // unhashed files (favicon, robots.txt) may be cached a while; index.html names the hashed ones, so never
  router.use(
    express.static(dist, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, file) => file.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  // the server-rendered sign-in form submitted before the page hydrated (LoginPage.tsx): the form again, nothing read
  router.post(ROUTES.login, (_req, res) => res.redirect(303, pathTo('login')));
  router.use(compressPages(), async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (renderPage && (await renderPage(req, res))) return;
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}

/**
 * A build's content-hashed files (vite's assets/), cached for a year: the brotli or gzip copy the build wrote
 * beside a file (web/scripts/compress.mjs) when the browser accepts it, else the file itself.
 */
export function hashedAssets(assets: string): Router {
  const router = express.Router();
  router.get('/{*file}', (req: Request, res: Response, next: NextFunction) => {
    const name = path.normalize(req.path.replace(/^\//, ''));
    if (name.startsWith('..') || path.isAbsolute(name)) return next();
    const file = path.join(assets, name);
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const variant = [
      ['br', '.br'],
      ['gzip', '.gz'],
    ].find(([enc, ext]) => accepts.includes(enc) && fs.existsSync(file + ext));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Vary', 'Accept-Encoding');
    if (!variant) return next();
    res.setHeader('Content-Encoding', variant[0]);
    res.type(path.extname(file));
    res.sendFile(file + variant[1], { headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } }, (err) => err && next(err));
  });
  router.use(express.static(assets, { index: false, immutable: true, maxAge: '365d' }));
  return router;
}

export const webClientBuilt = (dist: string) => fs.existsSync(path.join(dist, 'index.html'));
