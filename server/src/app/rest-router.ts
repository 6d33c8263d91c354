import { newRouter } from '../core/rest';
import { modules } from './modules';

/** Every domain's REST adapter under /api, in list order. */
export function apiRouter() {
  const r = newRouter();
  for (const m of modules) if (m.router) r.use(m.router());
  return r;
}
