import type { Request } from 'express';
import busboy from 'busboy';
import { PassThrough } from 'node:stream';
import { newRouter, presenter, route, send } from '../../core/rest';
import { DomainError, validation } from '../../errors/domain-error';
import { authorize } from '../../policies';
import { IMPORT_TEXT } from './oneroster.imports';
import type { ImportRecord } from './oneroster.import-plan';

export const presentImport = presenter((_viewer, i: ImportRecord & { createdByName?: string | null }) => ({
  id: i.id,
  createdAt: i.createdAt,
  createdBy: i.createdByName ?? null,
  applied: i.applied,
  source: i.report.source,
  files: i.report.files.map((f) => ({ ...f })),
  counts: i.report.counts.map((c) => ({ ...c })),
  problems: i.report.problems.map((p) => ({ ...p })),
  moreProblems: i.report.moreProblems,
}));

/**
 * The multipart body of an import: the zip as the part `file`, streamed on (never buffered), and `apply`
 * (`true` to apply; anything else previews). The `apply` field must come before the file.
 */
function importRequest(req: Request, run: (zip: NodeJS.ReadableStream, apply: boolean) => Promise<ImportRecord>): Promise<ImportRecord> {
  if (!req.is('multipart/form-data')) return Promise.reject(validation('Send the zip as the part "file" of a multipart/form-data body'));
  return new Promise((resolve, reject) => {
    let apply = false;
    let started: Promise<ImportRecord> | null = null;
    const bb = busboy({ headers: req.headers, limits: { files: 1, fields: 5 } });
    bb.on('field', (name, value) => {
      if (name === 'apply') apply = value === 'true';
    });
    bb.on('file', (name, stream) => {
      if (name !== 'file' || started) return void stream.resume();
      const through = new PassThrough();
      stream.pipe(through);
      started = run(through, apply);
      started.catch(() => stream.resume());
    });
    bb.on('close', () => (started ? started.then(resolve, reject) : reject(validation('Please select a zip file to import'))));
    bb.on('error', () => reject(new DomainError('VALIDATION', 'Malformed multipart request')));
    req.pipe(bb);
  });
}

/** POST /oneroster/imports (preview or apply), GET /oneroster/imports (the last twenty), GET /oneroster/export (the zip). */
export function oneRosterCsvRouter() {
  const r = newRouter();
  r.post(
    '/oneroster/imports',
    route(async (req, res, actor, ctx) => {
      authorize(actor, 'oneroster.csv', undefined as never);
      const record = await importRequest(req, (zip, apply) => ctx.services.oneroster.imports.run(actor, zip, apply));
      const message = record.applied ? IMPORT_TEXT.applied : record.report.problems.length ? IMPORT_TEXT.notApplied : IMPORT_TEXT.preview;
      send(res, presentImport(actor, record), { message }, record.applied ? 201 : 200);
    }),
  );
  r.get(
    '/oneroster/imports',
    route(async (_req, res, actor, ctx) => {
      send(
        res,
        (await ctx.services.oneroster.imports.recent(actor)).map((i) => presentImport(actor, i)),
      );
    }),
  );
  r.get(
    '/oneroster/export',
    route(async (_req, res, actor, ctx) => {
      const zip = await ctx.services.oneroster.imports.exportZip(actor);
      res
        .status(200)
        .type('application/zip')
        .attachment(`oneroster-${new Date().toISOString().slice(0, 10)}.zip`);
      zip.pipe(res);
    }),
  );
  return r;
}
