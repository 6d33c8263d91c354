import type { Request } from 'express';
import busboy from 'busboy';
import { newRouter, param, route, send } from '../../core/rest';
import { DomainError, validation } from '../../errors/domain-error';
import { QTI_TEXT, QtiImportTarget, bytesOf } from './qti.service';
import { presentImportResult } from './qti.shape';
import { sendDownload } from '../files';

interface ImportForm {
  bytes: Buffer;
  filename: string;
  fields: Record<string, string>;
}

/** The multipart body of an import: the package as the part `file` (bounded as it arrives), and the fields. */
function importForm(req: Request): Promise<ImportForm> {
  if (!req.is('multipart/form-data'))
    return Promise.reject(validation('Send the package as the part "file" of a multipart/form-data body'));
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: Promise<{ bytes: Buffer; filename: string }> | null = null;
    const finish = () => (file ? file.then((f) => resolve({ ...f, fields }), reject) : reject(validation(QTI_TEXT.chooseFile)));
    const bb = busboy({ headers: req.headers, limits: { files: 1, fields: 10, fieldSize: 1024 } });
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      if (name !== 'file' || file) return void stream.resume();
      const read = bytesOf(stream).then((bytes) => ({ bytes, filename: info.filename ?? 'upload' }));
      // refused while it arrives (too large): answer now, busboy drains the rest
      read.catch(reject);
      file = read;
    });
    bb.on('close', finish);
    bb.on('error', () => reject(new DomainError('VALIDATION', 'Malformed multipart request')));
    req.pipe(bb);
  });
}

const target = (f: Record<string, string>): QtiImportTarget => ({
  bankId: f.bankId || undefined,
  assessmentId: f.assessmentId || undefined,
  newBank: f.newBankName || f.newBankSubjectId ? { name: f.newBankName, subjectId: f.newBankSubjectId } : undefined,
});

/** POST /qti/import (multipart: file, bankId | assessmentId | newBankName + newBankSubjectId, dryRun), and the two downloads. */
export function qtiRouter() {
  const r = newRouter();
  r.post(
    '/qti/import',
    route(async (req, res, actor, ctx) => {
      const form = await importForm(req);
      const dryRun = form.fields.dryRun === 'true';
      const outcome = await ctx.services.qti.import(actor, form.bytes, form.filename, target(form.fields), dryRun);
      send(
        res,
        presentImportResult(actor, outcome),
        { message: dryRun ? 'QTI preview' : 'QTI questions imported successfully' },
        dryRun ? 200 : 201,
      );
    }),
  );
  const download = (res: import('express').Response, out: { filename: string; zip: Buffer }) =>
    void res.status(200).type('application/zip').attachment(out.filename).send(out.zip);
  r.get(
    '/question-banks/:id/qti',
    route(async (req, res, actor, ctx) => download(res, await ctx.services.qti.exportBank(actor, param(req)))),
  );
  r.get(
    '/assessments/:id/qti',
    route(async (req, res, actor, ctx) => download(res, await ctx.services.qti.exportAssessment(actor, param(req)))),
  );
  // a question's image: to whoever may read the question (its bank's readers, the item's readers, a student only a question of theirs)
  r.get(
    '/question-images/:id',
    route(async (req, res, actor, ctx) => sendDownload(res, await ctx.services.qti.images.download(actor, param(req)))),
  );
  return r;
}
