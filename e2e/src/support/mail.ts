import { Client } from 'pg';
import { databaseUrl } from './env';

export interface OutboxLink {
  /** The whole link as mailed, e.g. http://127.0.0.1:1234/reset-password/abc */
  url: string;
  /** Its path, e.g. /reset-password/abc, to open against the test's base URL */
  path: string;
  token: string;
}

/** A link of one kind: /reset-password/ (reset and invitation), /confirm-email/ and /report-email-change/ (an email change). */
const linkOf = (kind: string) => new RegExp(`https?://[^\\s"'<>]+/${kind}/([^\\s"'<>/?#]+)`);

/**
 * The newest link of a kind (a reset or invitation link unless told) mailed to `email` (from the mail_outbox
 * table), waiting up to `timeoutMs` for it; with `after`, only messages created after that moment count.
 */
export async function readOutboxLink(email: string, opts: { after?: Date; timeoutMs?: number; kind?: string } = {}): Promise<OutboxLink> {
  const kind = opts.kind ?? 'reset-password';
  const LINK = linkOf(kind);
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const client = new Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ text: string }>(
        `SELECT text FROM mail_outbox
          WHERE lower(to_address) = lower($1) AND ($2::timestamptz IS NULL OR created_at > $2)
          ORDER BY created_at DESC LIMIT 1`,
        [email, opts.after ?? null],
      );
      const match = rows[0] && LINK.exec(rows[0].text);
      if (match) {
        const url = match[0];
        return { url, path: new URL(url).pathname, token: decodeURIComponent(match[1]) };
      }
      if (Date.now() > deadline) {
        throw new Error(
          rows[0]
            ? `the newest mail to ${email} has no /${kind}/ link:\n${rows[0].text}`
            : `no mail to ${email}${opts.after ? ` after ${opts.after.toISOString()}` : ''} in mail_outbox`,
        );
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.end();
  }
}

/** The database clock, so that `after` compares like with like. */
export async function dbNow(): Promise<Date> {
  const client = new Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ now: Date }>('SELECT now() AS now');
    return rows[0].now;
  } finally {
    await client.end();
  }
}
