import { ChildProcess } from 'node:child_process';
import type { BrowserServer } from 'playwright-core';

/** What the global setup started, kept for the global teardown (both run in jest's main process). */
export interface E2EState {
  serverPid: number;
  dbName: string;
  dataDir: string;
  browserWs: string;
  /** Where the test database lives: the machine's PostgreSQL, or an embedded one started for this run. */
  adminUrl: string;
  /** Set when the run started its own embedded PostgreSQL. */
  stopEmbedded?: () => Promise<void>;
}

interface Holder {
  state: E2EState;
  child: ChildProcess;
  browser?: BrowserServer;
}

const KEY = Symbol.for('lms.e2e.state');

export function setState(state: E2EState, child: ChildProcess, browser?: BrowserServer): void {
  (globalThis as Record<symbol, unknown>)[KEY] = { state, child, browser } satisfies Holder;
}

export function getState(): Holder | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as Holder | undefined;
}
