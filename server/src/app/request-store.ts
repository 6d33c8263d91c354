import { AsyncLocalStorage } from 'node:async_hooks';
import { DomainError, UNAVAILABLE_TEXT } from '../errors/domain-error';

/** Per-request facts that deep code (the SQL logger) needs without passing them around. */
export interface RequestStore {
  requestId: string;
  sqlCount: number;
  /** Set when the request timeout has answered 503: the rest of its work must not write anything. */
  abandoned?: boolean;
  /** The request came over https (directly or through a trusted proxy): cookies set then are Secure. */
  secure?: boolean;
}

export const requestStore = new AsyncLocalStorage<RequestStore>();

export function countStatement(): void {
  const store = requestStore.getStore();
  if (store) store.sqlCount += 1;
}

/**
 * Called before every statement: once a request has been answered with a timeout, its further statements
 * are refused (a ROLLBACK still runs), so a transaction still under way rolls back instead of committing
 * work the client was told had failed.
 */
export function refuseIfAbandoned(query: string): void {
  if (requestStore.getStore()?.abandoned && !/^\s*ROLLBACK\b/i.test(query)) {
    throw new DomainError('SERVICE_UNAVAILABLE', UNAVAILABLE_TEXT.tooSlow);
  }
}
