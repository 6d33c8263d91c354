import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request facts that deep code (the SQL logger) needs without passing them around. */
export interface RequestStore {
  requestId: string;
  sqlCount: number;
}

export const requestStore = new AsyncLocalStorage<RequestStore>();

export function countStatement(): void {
  const store = requestStore.getStore();
  if (store) store.sqlCount += 1;
}
