import { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { DomainError } from '../../errors/domain-error';
import { logger } from '../../app/logger';
import { MIME_EXTENSION } from './file-type';
import { FilesService, MAX_FILE_BYTES, ReceivedFile } from './files.service';

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
export async function sendDownload(res: Response, d: { stream: NodeJS.ReadableStream; fileName: string; mime: string; size: number }): Promise<void> {
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

/**
 * Reads a multipart/form-data request: text fields, and the one part named `file` streamed straight into
 * the FileStore (never held in memory). A request that is not multipart has no file.
 */
export function receiveMultipart(req: Request, files: FilesService, field = 'file'): Promise<MultipartUpload> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        defParamCharset: 'utf8', // browsers send file names as raw UTF-8
        // one byte over the limit, so the store's own check sees the file is too large
        limits: { files: 1, fileSize: MAX_FILE_BYTES + 1, fields: 20, fieldSize: 100_000, parts: 25 },
      });
    } catch {
      req.resume();
      return resolve({ fields: {}, file: null });
    }
    const fields: Record<string, string> = {};
    let receiving: Promise<ReceivedFile> | null = null;
    let failed = false;
    const fail = async (err: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(bb);
      req.resume();
      const got = await receiving?.catch(() => null);
      // the store may be unreachable too: the request still gets its answer (this runs unawaited)
      if (got) await files.discard(got).catch((e) => logger.warn({ err: e, key: got.key }, 'discarding a refused upload failed'));
      reject(err);
    };
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      // a form submitted without choosing a file sends an empty part with no name
      if (name !== field || receiving || !info.filename) {
        stream.resume();
        return;
      }
      receiving = files.receive({ filename: info.filename, mimetype: info.mimeType, stream });
      receiving.catch(() => undefined); // answered at close
    });
    bb.on('close', async () => {
      if (failed) return;
      try {
        resolve({ fields, file: receiving ? await receiving : null });
      } catch (err) {
        failed = true;
        req.resume();
        reject(err);
      }
    });
    bb.on('error', (err) => void fail(new DomainError('VALIDATION', `Malformed upload: ${(err as Error).message}`)));
    req.pipe(bb);
  });
}
