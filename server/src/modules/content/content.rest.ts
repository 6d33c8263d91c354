import { body, newRouter, param, route, send } from '../../core/rest';
import { restSlice } from '../../core/paging';
import { receiveMultipart, sendDownload } from '../files';
import { CONTENT_TEXT as T } from './content.validation';
import { presentContent } from './content.shape';

/** Multipart fields are text: 'true' and 'false' are the booleans. */
const bool = (v: string | undefined) => (v === 'true' ? true : v === 'false' ? false : v);

/** platform.md section 7 "Content"; POST /content is multipart (file, module, title, description, contentType, isVisible). */
export function contentRouter() {
  const r = newRouter();
  r.get(
    '/content/module/:moduleId',
    route(async (req, res, actor, ctx) => {
      send(
        res,
        restSlice(req, res, await ctx.services.content.listForModule(actor, param(req, 'moduleId'))).map((c) => presentContent(actor, c)),
      );
    }),
  );
  r.get(
    '/content/download/:id',
    route(async (req, res, actor, ctx) => {
      await sendDownload(res, await ctx.services.content.download(actor, param(req, 'id')));
    }),
  );
  r.get(
    '/content/reuse/available/:moduleId',
    route(async (req, res, actor, ctx) => {
      send(
        res,
        restSlice(req, res, await ctx.services.content.reusable(actor, param(req, 'moduleId'))).map((c) => presentContent(actor, c)),
      );
    }),
  );
  r.post(
    '/content/reuse/clone/:contentId',
    route(async (req, res, actor, ctx) => {
      const item = await ctx.services.content.clone(actor, param(req, 'contentId'), body(req).newModuleId);
      send(res, presentContent(actor, item), { message: T.cloned }, 201);
    }),
  );
  r.post(
    '/content',
    route(async (req, res, actor, ctx) => {
      // refuse before reading the body when the role may never upload
      ctx.services.content.assertMayUpload(actor);
      const { fields, file } = await receiveMultipart(req, ctx.services.files);
      const item = await ctx.services.content.upload(
        actor,
        {
          moduleId: fields.module,
          title: fields.title,
          description: fields.description,
          contentType: fields.contentType,
          isVisible: bool(fields.isVisible),
        },
        file,
      );
      send(res, presentContent(actor, item), { message: T.uploaded }, 201);
    }),
  );
  r.put(
    '/content/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentContent(actor, await ctx.services.content.update(actor, param(req, 'id'), body(req))), { message: T.updated });
    }),
  );
  r.delete(
    '/content/:id',
    route(async (req, res, actor, ctx) => {
      await ctx.services.content.delete(actor, param(req, 'id'));
      res.json({ success: true, message: T.deleted });
    }),
  );
  return r;
}
