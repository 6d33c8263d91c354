import { body, newRouter, presenter, route, send } from '../../core/rest';
import type { Actor } from '../../policies';
import type { DummyNote, DummyNotesService } from './notes.service';

const presentNote = presenter((_viewer: Actor, n: DummyNote) => ({ id: n.id, text: n.text }));

/** The dummy domain's REST adapter: GET and POST /api/dummy-notes, the viewer's own. */
export function dummyNotesRouter() {
  const r = newRouter();
  const service = (ctx: { services: unknown }) => (ctx.services as { dummyNotes: DummyNotesService }).dummyNotes;
  r.get(
    '/dummy-notes',
    route(async (_req, res, actor, ctx) => {
      send(
        res,
        (await service(ctx).byAuthors([actor.userId])).map((n) => presentNote(actor, n)),
      );
    }),
  );
  r.post(
    '/dummy-notes',
    route(async (req, res, actor, ctx) => {
      send(res, presentNote(actor, await service(ctx).add(actor, String(body(req).text ?? ''))), {}, 201);
    }),
  );
  return r;
}
