import { DataSource } from 'typeorm';
import { bearerToken, RequestContext } from './context';
import { createLoaders } from './loaders';
import { Services } from './services';

/** The context of one request: its session's actor (one indexed lookup), the services, fresh loaders. */
export async function buildContext(
  ds: DataSource,
  services: Services,
  req: { headers: Record<string, unknown>; ip?: string },
  requestId: string,
): Promise<RequestContext> {
  const token = bearerToken(req.headers.authorization as string | undefined);
  const actor = token ? await services.auth.resolveSession(token) : null;
  return {
    requestId,
    ip: req.ip ?? 'unknown',
    actor,
    tokenRejected: Boolean(token) && !actor,
    services,
    loaders: createLoaders(ds, actor),
  };
}
