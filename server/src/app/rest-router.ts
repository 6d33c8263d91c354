import { newRouter } from '../core/rest';
import { manifests } from './manifests';

/** Every domain's REST adapter under /api, in list order. */
export function apiRouter() {
  const r = newRouter();
  for (const m of manifests) if (m.router) r.use(m.router());
  return r;
}
