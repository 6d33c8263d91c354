import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Integrations (issue 26). Personal access tokens act as their owner, narrowed to READ or READ_WRITE; only the
 * SHA-256 of the secret is kept, and a token holds the owner's role when it was made, so a role change (or
 * deleting or deactivating the owner) ends it at the next lookup. Applications authenticate with a client id
 * and a secret (kept hashed; NULL once revoked) and get access tokens of at most an hour with a subset of
 * their scopes; each application's requests are counted per minute for its rate limit.
 */
export class Integrations1732300026000 implements MigrationInterface {
  name = 'Integrations1732300026000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE access_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
        scope text NOT NULL CHECK (scope IN ('READ', 'READ_WRITE')),
        token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        owner_role text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL CHECK (expires_at <= created_at + interval '366 days'),
        last_used_at timestamptz
      )`);
    await q.query('CREATE INDEX access_tokens_user ON access_tokens (user_id, created_at DESC)');
    await q.query(`
      CREATE TABLE applications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
        client_id text NOT NULL UNIQUE,
        secret_hash text CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
        scopes text[] NOT NULL CHECK (cardinality(scopes) > 0),
        allowed_ranges inet[] NOT NULL DEFAULT '{}',
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        secret_created_at timestamptz,
        last_token_at timestamptz
      )`);
    await q.query('CREATE UNIQUE INDEX applications_name ON applications (lower(name))');
    await q.query(`
      CREATE TABLE application_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        scopes text[] NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL CHECK (expires_at <= created_at + interval '1 hour')
      )`);
    await q.query('CREATE INDEX application_tokens_app ON application_tokens (application_id)');
    await q.query(`
      CREATE TABLE application_request_counts (
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        minute timestamptz NOT NULL,
        count int NOT NULL,
        PRIMARY KEY (application_id, minute)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE application_request_counts, application_tokens, applications, access_tokens');
  }
}
