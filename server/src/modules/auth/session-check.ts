import type { Actor } from '../../policies';
import type { User } from '../users';
import { keptWhileRoom } from '../../core/kept';
import { countCheckedRead, type StatementRun, type Statements } from '../../core/request-store';

/**
 * A session's viewer checked inside the request's first read (issue 28): the small pages are one statement each,
 * and the session's own lookup was 7-29% of their time (bench/README.md, tenth session; checked this way, 4-12%
 * less p50: eleventh session). A token's viewer is kept, per token hash, as the last lookup found it, as a guess
 * only. A query whose token has a guess runs on it, and its first read carries the check beside its rows: the
 * session by token hash and expiry, and the fingerprint of what the guess holds (viewer-sql.ts
 * VIEWER_FINGERPRINT: session, active role, impersonation, the versions of the viewer's rows, a parent's
 * children). The read writes nothing; a stale session is touched after it. Every other statement of the request
 * waits for that verdict, so nothing writes on a guess; and nothing is answered before it: a wrong guess (a revoked
 * or expired session, a switched role, a changed row) is looked up as before and the operation runs again on what
 * the lookup found (app/known-queries.ts `run`, app/build-context.ts `settleViewer`).
 */

/** A viewer as the session's lookup found it, with the fingerprint the check compares. */
export interface CheckedViewer {
  actor: Actor;
  user: User;
  fingerprint: string;
}

/** Token hashes whose viewer is kept at most, oldest forgotten first (a school's signed-in people fit many times). */
const KEPT_GUESSES = 5_000;

/** The viewer last found for each token hash: a guess, never an answer (SessionCheck checks it). */
export class ViewerGuesses {
  private readonly byHash = new Map<string, CheckedViewer>();

  get(hash: string): CheckedViewer | undefined {
    return this.byHash.get(hash);
  }

  /** What a lookup found (null: no live session, so no guess). */
  keep(hash: string, viewer: CheckedViewer | null): void {
    this.byHash.delete(hash);
    if (!viewer) return;
    if (this.byHash.size >= KEPT_GUESSES) this.byHash.delete(this.byHash.keys().next().value!);
    this.byHash.set(hash, viewer);
  }
}

/**
 * A statement that only reads: SELECT or WITH with no write, lock or side-effecting function in its text (a false
 * alarm costs only the wait for the verdict). Only such a statement may run on a guess.
 */
const READ_ONLY = /^\s*(SELECT|WITH)\b/i;
const MAY_WRITE =
  /\b(INSERT|UPDATE|DELETE|MERGE|TRUNCATE|FOR\s+(NO\s+KEY\s+)?UPDATE|FOR\s+(KEY\s+)?SHARE|nextval|setval|pg_advisory\w*|pg_notify|set_config|lo_\w+)\b/i;

/**
 * Texts whose verdict or checked form is kept at most. Statement texts are made by code, so a server sends few; a
 * bound keeps texts made per request (lists expanded into `IN ($1, $2, ...)`) from growing these without end.
 */
const KEPT_TEXTS = 1_000;

const readOnlyTexts = new Map<string, boolean>();
export const readsOnly = (text: string): boolean =>
  keptWhileRoom(readOnlyTexts, text, KEPT_TEXTS, (t) => READ_ONLY.test(t) && !MAY_WRITE.test(t));

/** Names the check adds beside a statement's columns, last, so that taking them away leaves V8's row shapes as pg made them. */
const ROW = '__checked_row';
const FINGERPRINT = '__checked_viewer';
const STALE = '__checked_stale';

type Result = { rows: Record<string, unknown>[]; rowCount: number | null; fields?: unknown[] };

/**
 * `text` with the session check around it: the viewer (`viewerSql`, the lookup's own CTE `__viewer` for the token
 * hash as parameter `hashParam`, with its `fingerprint` and `stale`) as one row, the statement's rows joined to it
 * in their order (a nested loop over one row: ON true allows no other join), one row of nulls when the statement has
 * none, and no row at all when the session is gone. It writes nothing: a stale session is touched after it.
 */
export function checkedSql(text: string, viewerSql: (hashParam: string) => string, hashParam: string): string {
  return `${viewerSql(hashParam)}
SELECT q.*, f.fingerprint AS ${FINGERPRINT}, f.stale AS ${STALE}
  FROM __viewer f
  LEFT JOIN (SELECT q0.*, true AS ${ROW} FROM (${text.replace(/;\s*$/, '')}
) q0) q ON true`;
}

/**
 * checkedSql for one viewerSql, each text's checked form made once and then the same string: besides the building,
 * a page's read costs no hashing of a new 5-10 KB text on every request in the prepared-statement cache
 * (db/prepared.ts) and pg's own lookup, which find a kept string by its cached hash and its identity.
 */
export function checkedTexts(viewerSql: (hashParam: string) => string): (text: string, hashParam: string) => string {
  const byParam = new Map<string, Map<string, string>>();
  return (text, hashParam) => {
    let texts = byParam.get(hashParam);
    if (!texts) byParam.set(hashParam, (texts = new Map()));
    return keptWhileRoom(texts, text, KEPT_TEXTS, (t) => checkedSql(t, viewerSql, hashParam));
  };
}

/** The statement's own answer out of the checked one, and the viewer's fingerprint found (null: no live session). */
export function uncheck(result: Result): { result: Result; fingerprint: string | null; stale: boolean } {
  const first = result.rows[0];
  if (!first) return { result: { ...result, rows: [], rowCount: 0 }, fingerprint: null, stale: false };
  const fingerprint = first[FINGERPRINT] as string;
  const stale = first[STALE] === true;
  const rows = first[ROW] === null ? [] : result.rows;
  for (const row of rows) {
    delete row[STALE];
    delete row[FINGERPRINT];
    delete row[ROW];
  }
  return { result: { ...result, rows, rowCount: rows.length, fields: result.fields?.slice(0, -3) }, fingerprint, stale };
}

/** Thrown into a request's work once its guess is found wrong: the work is thrown away and runs again. */
export class GuessRefuted extends Error {
  constructor() {
    super('the session changed during the request');
  }
}

/**
 * One request's check of its guess. `statement` runs each of the request's statements (request-store.ts): the first
 * read carries the check, every other waits for the verdict. `holds()` is the verdict, checking the session on its
 * own when no read carried it (an answer that needed no statement, or a read that failed).
 */
export class SessionCheck implements Statements {
  private verdict?: Promise<boolean>;
  /** A read carried the check. */
  carried = false;

  constructor(
    private readonly of: {
      guess: CheckedViewer;
      hash: string;
      /** A read's text with the check around it, the token hash as the parameter named. */
      checked: (text: string, hashParam: string) => string;
      /** The session's fingerprint alone, for a request whose guess no read checked; its own statement passes unchecked. */
      checkAlone: () => Promise<string | null>;
      checkText: string;
      /** Touches a stale session by its id, once the check found it live. */
      touchText: string;
    },
  ) {}

  holds(): Promise<boolean> {
    return (this.verdict ??= this.of.checkAlone().then((found) => found === this.of.guess.fingerprint));
  }

  async statement(text: string, values: unknown[], run: StatementRun): Promise<unknown> {
    if (text === this.of.checkText) return run(text, values);
    if (this.verdict || !readsOnly(text)) {
      if (!(await this.holds())) throw new GuessRefuted();
      return run(text, values);
    }
    let settle!: (holds: boolean | Promise<boolean>) => void;
    this.verdict = new Promise<boolean>((resolve) => (settle = resolve));
    let answer: Result;
    try {
      answer = (await run(this.of.checked(text, `$${values.length + 1}`), [...values, this.of.hash])) as Result;
    } catch {
      // the checked form failed (the read's input, a timeout, a text that cannot be wrapped): no verdict from it, so
      // the check alone gives one, and the read runs as written, its own answer or its own error
      this.verdict = undefined;
      settle(this.holds());
      if (!(await this.holds())) throw new GuessRefuted();
      return run(text, values);
    }
    countCheckedRead();
    this.carried = true;
    const { result, fingerprint, stale } = uncheck(answer);
    const holds = fingerprint === this.of.guess.fingerprint;
    settle(holds);
    if (!holds) throw new GuessRefuted();
    if (stale) await run(this.of.touchText, [this.of.guess.actor.sessionId]);
    return result;
  }
}
