import { DataSource } from 'typeorm';
import { bearerToken, RequestContext } from './context';
import { createLoaders } from './loaders';
import { Services } from './services';

/** The context of one request: its session's actor and user row (one indexed lookup), the services, fresh loaders. */
export async function buildContext(
  ds: DataSource,
  services: Services,
  req: { headers: Record<string, unknown>; ip?: string },
  requestId: string,
): Promise<RequestContext> {
  const token = bearerToken(req.headers.authorization as string | undefined);
  const viewer = token ? await services.auth.resolveViewer(token) : null;
  const actor = viewer?.actor ?? null;
  const loaders = createLoaders(ds, actor);
  if (viewer) loaders.userById.prime(viewer.user.id, viewer.user);
  return {
    requestId,
    ip: req.ip ?? 'unknown',
    actor,
    tokenRejected: Boolean(token) && !actor,
    services,
    loaders,
  };
}
