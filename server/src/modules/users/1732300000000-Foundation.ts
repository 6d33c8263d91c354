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
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE users`);
  }
}
