import { DataSource } from 'typeorm';
import { SESSION_EXPIRED, TOKEN_REJECTED, bearerToken, RequestContext } from './context';
import { createLoaders } from './loaders';
import { Services } from './services';
import type { Actor } from '../policies';
import type { User } from '../modules/users/user.entity';
import { ACCESS_TOKEN_PREFIX } from '../modules/integrations/access-tokens.service';
import { APP_TOKEN_PREFIX } from '../modules/integrations/applications.service';

/**
 * A bearer token by its prefix: a personal access token, an application's access token, else a web session;
 * one indexed lookup each. An application's token may be refused outright (over its rate, a refused address).
 */
const isAccessToken = (token: string) => token.startsWith(ACCESS_TOKEN_PREFIX) || token.startsWith(APP_TOKEN_PREFIX);

function resolveBearer(services: Services, token: string, ip: string): Promise<{ actor: Actor; user?: User } | null> {
  if (token.startsWith(ACCESS_TOKEN_PREFIX)) return services.integrations.tokens.resolve(token);
  if (token.startsWith(APP_TOKEN_PREFIX)) return services.integrations.applications.resolve(token, ip);
  return services.auth.resolveViewer(token);
}

/** The context of one request: its session's actor and user row (one indexed lookup), the services, fresh loaders. */
export async function buildContext(
  ds: DataSource,
  services: Services,
  req: { headers: Record<string, unknown>; ip?: string },
  requestId: string,
): Promise<RequestContext> {
  const token = bearerToken(req.headers.authorization as string | undefined);
  const viewer = token ? await resolveBearer(services, token, req.ip ?? '') : null;
  const actor = viewer?.actor ?? null;
  const loaders = createLoaders(ds, actor);
  if (viewer?.user) loaders.userById.prime(viewer.user.id, viewer.user);
  return {
    requestId,
    ip: req.ip ?? 'unknown',
    actor,
    tokenRejected: token && !actor ? (isAccessToken(token) ? TOKEN_REJECTED : SESSION_EXPIRED) : null,
    services,
    loaders,
  };
}
