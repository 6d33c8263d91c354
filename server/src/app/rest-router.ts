import type { AnyManifest } from '../core/manifest';
import { newRouter } from '../core/rest';
import { manifests } from './manifests';

/** Every domain's REST adapter under /api, in list order. */
export function apiRouter(list: readonly AnyManifest[] = manifests) {
  const r = newRouter();
  for (const m of list) if (m.router) r.use(m.router());
  return r;
}
