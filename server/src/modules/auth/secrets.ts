import crypto from 'node:crypto';
import argon2 from 'argon2';

/**
 * Bearer tokens that are not sessions are told apart (and recognised when leaked) by their prefix: personal access
 * tokens (integrations' access tokens) and applications' access tokens (integrations' OAuth clients). The page
 * cookie and the request's credential gate read them here, below the domain that issues them.
 */
export const ACCESS_TOKEN_PREFIX = 'lmspat_';
export const APP_TOKEN_PREFIX = 'lmsat_';

/** A random bearer or one-time secret and the SHA-256 that the database keeps instead. */
export function newSecret(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

export function hashSecret(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

const ARGON = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON);
}

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    // spend the same time as a real check so a missing account is not revealed by timing
    await argon2.hash(password, ARGON);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export const MIN_PASSWORD_LENGTH = 6;
/** Longer passwords are refused before hashing (and so never checked at sign-in either). */
export const MAX_PASSWORD_LENGTH = 256;
