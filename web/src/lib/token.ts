/** The bearer token lives in localStorage under this key (spec section 9). */
export const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

type Listener = () => void;
const rejectedListeners = new Set<Listener>();

/**
 * The server answered a request sent with `token` as not signed in (UNAUTHENTICATED or HTTP 401): the session
 * expired, was revoked or ended elsewhere. Listeners hear of it only while `token` is still the stored one, so
 * a late answer to a request of an earlier session is ignored.
 */
export function reportTokenRejected(token: string): void {
  if (getToken() !== token) return;
  for (const listener of [...rejectedListeners]) listener();
}

/** Listens for reportTokenRejected; returns the function that stops listening. */
export function onTokenRejected(listener: Listener): () => void {
  rejectedListeners.add(listener);
  return () => rejectedListeners.delete(listener);
}
