import type { NormalizedCacheObject } from '@apollo/client';
import type { MeQuery } from './session.generated';

/** The id of the data block a rendered page carries (a JSON script: not executed, so the CSP is not concerned). */
export const SERVER_STATE_ID = 'lms-server-state';

/** What the server hands the browser beside the HTML. */
export interface ServerState {
  /** The session's `me` as rendered (null: rendered signed out, i.e. /login). */
  me: MeQuery['me'] | null;
  /** Apollo's cache after rendering: the client starts from it and asks for none of it again. */
  apollo: NormalizedCacheObject;
}

/** The state of a page the server rendered, or null (index.html: the client renders from scratch). */
export function readServerState(): ServerState | null {
  const block = typeof document === 'undefined' ? null : document.getElementById(SERVER_STATE_ID);
  if (!block) return null;
  try {
    return JSON.parse(block.textContent ?? '') as ServerState;
  } catch {
    return null;
  }
}

/** Whether this page arrived rendered: AppLayout's media query then starts as the server rendered it (narrow). */
export const arrivedRendered = typeof document !== 'undefined' && document.getElementById(SERVER_STATE_ID) !== null;
