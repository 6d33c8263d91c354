import { DataSource } from 'typeorm';
import { rateLimited } from '../../errors/domain-error';
import { attemptCounts, deleteAttempt, insertAttempt, secondsUntilAttemptLeaves } from './auth.repository';

/** How many attempts one account (its email, known or not) and one address bucket may make in a sliding window. */
export interface AttemptLimit {
  perAccount: number;
  perAddress: number;
  minutes: number;
}

/**
 * What is limited: sign-ins (DESIGN.md, "login limits": failures only, since a success forgives the account's
 * failures) and requests for a mailed link (forgot password: every request counts, so a mailbox cannot be
 * flooded; counted by the email asked for, so the answer says nothing about whether the account exists).
 */
const KINDS = {
  login: {
    limit: { perAccount: 5, perAddress: 30, minutes: 15 },
    table: 'login_attempts',
    insert: `INSERT INTO login_attempts (email, ip, succeeded) VALUES ($1, $2, false) RETURNING id`,
    counted: 'NOT succeeded',
  },
  link: {
    limit: { perAccount: 5, perAddress: 20, minutes: 60 },
    table: 'link_requests',
    insert: `INSERT INTO link_requests (email, ip) VALUES ($1, $2) RETURNING id`,
    counted: 'true',
  },
} as const;

export type AttemptKind = keyof typeof KINDS;

export const ATTEMPT_LIMITS: Record<AttemptKind, AttemptLimit> = { login: KINDS.login.limit, link: KINDS.link.limit };

/**
 * Records an attempt before anything it guards runs, then counts the window with this attempt in it; over
 * either limit the attempt is withdrawn (so waiting ends a lockout) and refused with RATE_LIMITED. A sign-in
 * is recorded as a failure until it succeeds. Two statements on purpose: each attempt is committed before it
 * counts, so of any two concurrent attempts at least one sees the other, and no burst gets more than the limit
 * through. Any error here propagates: the attempt is refused, never let through uncounted. `address` is an
 * `addressBucket`.
 */
export async function recordAttempt(ds: DataSource, kind: AttemptKind, email: string, address: string, refusal: string): Promise<void> {
  const { limit } = KINDS[kind];
  const id = await insertAttempt(ds, KINDS[kind], email, address);
  const count = await attemptCounts(ds, KINDS[kind], email, address, limit.minutes);
  if (count.by_account > limit.perAccount || count.by_address > limit.perAddress) {
    await deleteAttempt(ds, KINDS[kind], id);
    throw rateLimited(refusal, await secondsUntilFree(ds, kind, email, address, count));
  }
}

/**
 * When one more attempt would be let through: each limit that is full frees up once enough of its oldest
 * counted attempts have left the window (the count without the withdrawn attempt must drop below the limit).
 */
async function secondsUntilFree(
  ds: DataSource,
  kind: AttemptKind,
  email: string,
  address: string,
  count: { by_account: number; by_address: number },
): Promise<number> {
  const { limit } = KINDS[kind];
  const waits = await Promise.all(
    (
      [
        ['email', email, count.by_account - 1, limit.perAccount],
        ['ip', address, count.by_address - 1, limit.perAddress],
      ] as const
    )
      .filter(([, , held, max]) => held >= max)
      .map(
        async ([column, value, held, max]) =>
          (await secondsUntilAttemptLeaves(ds, KINDS[kind], column, value, limit.minutes, held - max)) ?? 1,
      ),
  );
  return Math.max(1, ...waits);
}
