import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';

/** Answers worth compressing: JSON (GraphQL and REST) and the calendar feed. Files are sent as they are stored. */
const COMPRESSIBLE = /^(application\/(json|graphql-response\+json)|text\/calendar)\b/i;

/**
 * Whether an Accept-Encoding header names an encoding the middleware could choose (br, gzip, deflate, or any
 * through `*`), at whatever weight: only then can an answer leave compressed. A client that sends none, or only
 * `identity`, gets every answer as it is written (the middleware's own negotiation answers identity for it too).
 */
export function mayCompressFor(acceptEncoding: string | undefined): boolean {
  return !!acceptEncoding && /\b(br|gzip|deflate)\b|\*/i.test(acceptEncoding);
}

/**
 * Compresses the API's answers (brotli or gzip, as the browser accepts) above 1 KB: a dashboard's JSON is
 * about a tenth of its size compressed, and on a phone's slow network the bytes are the cost (issue 14). File
 * downloads keep their length and range requests, so they are left alone; the web client's files are compressed
 * at build time (web-client.ts). A client that asks for no encoding (scripts, the benchmark, curl) gets plain JSON,
 * and the middleware is not set up for it at all: it wraps the response's write, end and on and negotiates on
 * every answer, which measured 50-80 us of a request's CPU for nothing to compress (issue 28). Its identity
 * answers then carry no `Vary: Accept-Encoding`: an identity answer suits every client, so a cache that keeps one
 * serves no one wrongly.
 */
export function compressAnswers() {
  const compress = compression({
    threshold: 1024,
    filter: (_req: Request, res: Response) => COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? '')),
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (mayCompressFor(req.headers['accept-encoding'])) compress(req, res, next);
    else next();
  };
}

/**
 * Compresses the pages the server renders (page-render.ts: 50-100 KB of HTML with its data, a tenth of that
 * compressed) and index.html, as the browser accepts.
 */
export function compressPages() {
  return compression({
    threshold: 1024,
    filter: (_req: Request, res: Response) => /^text\/html\b/i.test(String(res.getHeader('Content-Type') ?? '')),
  });
}
