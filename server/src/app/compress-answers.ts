import compression from 'compression';
import type { Request, Response } from 'express';

/** Answers worth compressing: JSON (GraphQL and REST) and the calendar feed. Files are sent as they are stored. */
const COMPRESSIBLE = /^(application\/(json|graphql-response\+json)|text\/calendar)\b/i;

/**
 * Compresses the API's answers (brotli or gzip, as the browser accepts) above 1 KB: a dashboard's JSON is
 * about a tenth of its size compressed, and on a phone's slow network the bytes are the cost (issue 14). File
 * downloads keep their length and range requests, so they are left alone; the web client's files are compressed
 * at build time (web-client.ts). A client that asks for no encoding (the benchmark, curl) gets plain JSON.
 */
export function compressAnswers() {
  return compression({
    threshold: 1024,
    filter: (_req: Request, res: Response) => COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? '')),
  });
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
