import { AsyncLocalStorage } from 'node:async_hooks';
import { DomainError, UNAVAILABLE_TEXT } from '../errors/domain-error';

/** Per-request facts that deep code (the SQL logger) needs without passing them around. */
export interface RequestStore {
  requestId: string;
  sqlCount: number;
  /** Statements that carried the session's check beside their read (auth/session-check.ts). */
  checkedReads?: number;
  /** Set when the request timeout has answered 503: the rest of its work must not write anything. */
  abandoned?: boolean;
  /** The request came over https (directly or through a trusted proxy): cookies set then are Secure. */
  secure?: boolean;
}

/** Runs one statement as the pg client would: its text and values, its result. */
export type StatementRun = (text: string, values: unknown[]) => Promise<unknown>;

/** What a request may put between its statements and the connection (db/prepared.ts calls it). */
export interface Statements {
  statement(text: string, values: unknown[], run: StatementRun): Promise<unknown>;
}

/**
 * The Statements of the work run inside it (a session checked inside the first read: auth/session-check.ts). Its
 * own store, not a field of the request's: work that runs again after a wrong guess runs outside it, while anything
 * left over from the first run still meets the check that refuses it.
 */
export const requestStatements = new AsyncLocalStorage<Statements>();

export const requestStore = new AsyncLocalStorage<RequestStore>();

export function countStatement(): void {
  const store = requestStore.getStore();
  if (store) store.sqlCount += 1;
}

/** The statements the current request has sent so far. */
export const statementsSoFar = (): number => requestStore.getStore()?.sqlCount ?? 0;

/** A statement carried the session's check: two lookups in one statement. */
export function countCheckedRead(): void {
  const store = requestStore.getStore();
  if (store) store.checkedReads = (store.checkedReads ?? 0) + 1;
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
