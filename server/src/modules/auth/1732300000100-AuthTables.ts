import { MigrationInterface, QueryRunner } from 'typeorm';
import { madeBeforeTheSplit } from '../../db/split-migrations';

/**
 * Auth's tables: sessions (bearer tokens, kept as hashes), single-use reset and invitation links, and sign-in
 * attempts (counted for the limits). Made by users' Foundation migration before each domain made its own.
 */
export class AuthTables1732300000100 implements MigrationInterface {
  name = 'AuthTables1732300000100';

  async up(q: QueryRunner): Promise<void> {
    if (await madeBeforeTheSplit(q, 'sessions')) return;
    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash text NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        active_role text NOT NULL CHECK (active_role IN ('SuperAdmin','Admin','Teacher','Student','Parent')),
        impersonating boolean NOT NULL DEFAULT false,
        expires_at timestamptz NOT NULL,
        last_used_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sessions_user_idx ON sessions (user_id)`);
    await q.query(`
      CREATE TABLE password_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash text NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('reset','invite')),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE login_attempts (
        id bigserial PRIMARY KEY,
        email text NOT NULL,
        ip text NOT NULL,
        succeeded boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX login_attempts_email_idx ON login_attempts (email, created_at)`);
    await q.query(`CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_attempts, password_tokens, sessions`);
  }
}
