import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1732300000000 implements MigrationInterface {
  name = 'Foundation1732300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        first_name text NOT NULL CHECK (length(trim(first_name)) > 0),
        last_name text NOT NULL CHECK (length(trim(last_name)) > 0),
        email text NOT NULL CHECK (position('@' in email) > 1),
        role text NOT NULL CHECK (role IN ('SuperAdmin','Admin','Teacher','Student','Parent')),
        activated boolean NOT NULL DEFAULT false,
        password_hash text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`);
    await q.query(`CREATE INDEX users_role_idx ON users (role, last_name, first_name)`);
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
    await q.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        to_address text NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_outbox, login_attempts, password_tokens, sessions, users`);
  }
}
