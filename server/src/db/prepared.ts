import crypto from 'node:crypto';
import pg from 'pg';
import { requestStatements } from '../core/request-store';

/** Prepared statements kept per connection; the least recently used beyond this are deallocated. */
export const PREPARED_PER_CONNECTION = 300;

type Callback = (err: Error | null, res?: unknown) => void;
type Parsed = { parsedStatements: Record<string, string> };

/**
 * A pg client that runs every parameterised statement as a named prepared statement (the name is a hash of
 * its text). PostgreSQL then parses and plans each statement text once per connection instead of on every
 * request: the load benchmark measured planning as most of PostgreSQL's time on the hot reads (a course
 * page's statements planned in ~2 ms and ran in ~0.7 ms). Statement texts are made by code, so they are
 * few, but lists expanded into `IN ($1, $2, ...)` make a text per length; the least recently used beyond
 * PREPARED_PER_CONNECTION are deallocated, so a connection's plan cache stays bounded.
 */
export class PreparingClient extends pg.Client {
  private readonly prepared = new Map<string, string>(); // text -> name, oldest first
  private readonly capacity: number;
  private readonly send: (...args: unknown[]) => unknown;

  /** pg's pool hands its own options to each client: `preparedPerConnection` there sets the bound. */
  constructor(config?: pg.ClientConfig & { preparedPerConnection?: number }) {
    super(config);
    this.capacity = config?.preparedPerConnection ?? PREPARED_PER_CONNECTION;
    this.send = super.query.bind(this) as (...args: unknown[]) => unknown;
    // pg's overloads stay as they are for callers; only (text, values) calls, the form TypeORM uses, change
    this.query = ((text: unknown, values?: unknown, callback?: unknown) => {
      if (typeof text !== 'string' || callback !== undefined || (values !== undefined && !Array.isArray(values)))
        return this.send(text, values, callback);
      const statements = requestStatements.getStore();
      return statements ? statements.statement(text, (values as unknown[]) ?? [], this.run) : this.run(text, (values as unknown[]) ?? []);
    }) as pg.Client['query'];
  }

  private readonly run = (text: string, values: unknown[]): Promise<unknown> =>
    (values.length > 0 ? this.send({ name: this.nameOf(text), text, values }) : this.send(text)) as Promise<unknown>;

  private nameOf(text: string): string {
    let name = this.prepared.get(text);
    if (name) {
      this.prepared.delete(text); // most recently used last
    } else {
      name = `s_${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
      this.evictBeyond(this.capacity - 1);
    }
    this.prepared.set(text, name);
    return name;
  }

  /**
   * DEALLOCATE runs in the connection's queue, after every statement already queued; pg calls a callback
   * before it sends the next statement, so pg forgets the name exactly when PostgreSQL has. If DEALLOCATE
   * fails (inside a failed transaction), the statement stays prepared and pg keeps knowing it.
   */
  private evictBeyond(size: number): void {
    for (const [text, name] of this.prepared) {
      if (this.prepared.size <= size) break;
      this.prepared.delete(text);
      const forget: Callback = (err) => {
        if (!err) delete (this as unknown as { connection: Parsed }).connection.parsedStatements[name];
      };
      this.send(`DEALLOCATE "${name}"`, forget);
    }
  }
}
