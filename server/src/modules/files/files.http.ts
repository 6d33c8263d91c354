import { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { DomainError } from '../../errors/domain-error';
import { logger } from '../../core/logger';
import { MIME_EXTENSION } from './file-type';
import { FILE_TEXT, FilesService, MAX_FILE_BYTES, ReceivedFile, requestBudget } from './files.service';

/**
 * `attachment` with a plain ASCII fallback name and the exact name in RFC 5987 form (filename*), so no
 * client-supplied character can break out of the header. A name without an extension gets the type's.
 */
export function contentDisposition(fileName: string, mime: string): string {
  const ext = MIME_EXTENSION[mime];
  const name = ext && !/\.[A-Za-z0-9]{1,5}$/.test(fileName) ? `${fileName}.${ext}` : fileName;
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Streams stored bytes as a download that no browser will sniff or run. */
export async function sendDownload(
  res: Response,
  d: { stream: NodeJS.ReadableStream; fileName: string; mime: string; size: number },
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', d.mime.startsWith('text/') ? `${d.mime}; charset=utf-8` : d.mime);
  res.setHeader('Content-Length', String(d.size));
  res.setHeader('Content-Disposition', contentDisposition(d.fileName, d.mime));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  res.setHeader('Cache-Control', 'private, no-store');
  try {
    await pipeline(d.stream, res);
  } catch (err) {
    // headers are gone already: the only honest answer left is a cut connection
    logger.warn({ err }, 'download interrupted');
    res.destroy();
  }
}

export interface MultipartUpload {
  fields: Record<string, string>;
  /** The part named `file`, already streamed into the store (not yet recorded); null when none was sent. */
  file: ReceivedFile | null;
}

/** A file part of a multipart body with several files: its part name and the received bytes. */
export interface NamedUpload {
  name: string;
  file: ReceivedFile;
}

/**
 * Reads a multipart/form-data request: text fields, and the one part named `file` streamed straight into
 * the FileStore (never held in memory). A request that is not multipart has no file.
 */
export async function receiveMultipart(req: Request, files: FilesService, field = 'file'): Promise<MultipartUpload> {
  const { fields, uploads } = await receiveMultipartFiles(req, files, (name) => name === field, 1);
  return { fields, file: uploads[0]?.file ?? null };
}

/**
 * Reads a multipart/form-data request with up to `maxFiles` file parts whose names `accept` takes (others
 * are skipped), each streamed into the FileStore in turn. A failure (oversize, broken body) discards every
 * file received so far, so nothing stays in the store.
 */
export function receiveMultipartFiles(
  req: Request,
  files: FilesService,
  accept: (name: string) => boolean,
  maxFiles: number,
): Promise<{ fields: Record<string, string>; uploads: NamedUpload[] }> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        defParamCharset: 'utf8', // browsers send file names as raw UTF-8
        // one byte over the limit, so the store's own check sees the file is too large
        limits: { files: maxFiles, fileSize: MAX_FILE_BYTES + 1, fields: 20, fieldSize: 1_000_000, parts: 25 + maxFiles },
      });
    } catch {
      req.resume();
      return resolve({ fields: {}, uploads: [] });
    }
    const fields: Record<string, string> = {};
    const receiving: Array<{ name: string; got: Promise<ReceivedFile> }> = [];
    // the files of one request share one bound, checked as the bytes stream in (not after 500MB arrived)
    const budget = requestBudget();
    let failed = false;
    const discardAll = async () => {
      const got = await Promise.all(receiving.map((r) => r.got.catch(() => null)));
      // the store may be unreachable too: the request still gets its answer (this runs unawaited)
      await Promise.all(
        got.map((g) => g && files.discard(g).catch((e) => logger.warn({ err: e, key: g.key }, 'discarding a refused upload failed'))),
      );
    };
    const fail = async (err: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(bb);
      req.resume();
      await discardAll();
      reject(err);
    };
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      // a form submitted without choosing a file sends an empty part with no name
      if (accept(name) && info.filename && receiving.length >= maxFiles) {
        stream.resume();
        void fail(new DomainError('PAYLOAD_TOO_LARGE', FILE_TEXT.tooMany(maxFiles)));
        return;
      }
      if (!accept(name) || !info.filename) {
        stream.resume();
        return;
      }
      const got = files.receive({ filename: info.filename, mimetype: info.mimeType, stream }, MAX_FILE_BYTES, budget);
      got.catch(() => undefined); // answered at close
      receiving.push({ name, got });
    });
    bb.on('close', async () => {
      if (failed) return;
      try {
        const uploads: NamedUpload[] = [];
        for (const r of receiving) uploads.push({ name: r.name, file: await r.got });
        resolve({ fields, uploads });
      } catch (err) {
        failed = true;
        req.resume();
        await discardAll();
        reject(err);
      }
    });
    // past busboy's own count of files: more files than a request may carry is refused, never cut silently
    bb.on('filesLimit', () => void fail(new DomainError('PAYLOAD_TOO_LARGE', FILE_TEXT.tooMany(maxFiles))));
    bb.on('error', (err) => void fail(new DomainError('VALIDATION', `Malformed upload: ${(err as Error).message}`)));
    req.pipe(bb);
  });
}
