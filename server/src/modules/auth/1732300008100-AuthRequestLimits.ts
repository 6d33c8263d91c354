import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Requests for a mailed link (forgot password), kept to limit them per account and per address, like the
 * sign-in attempts. Addresses are stored as the limiter's bucket (an IPv4 address, an IPv6 /64 or
 * 'unknown') and emails within their bound, so no forwarded header or long input can make recording fail;
 * the checks hold that for both tables (NOT VALID: old sign-in rows are left as they are).
 */
export class AuthRequestLimits1732300008100 implements MigrationInterface {
  name = 'AuthRequestLimits1732300008100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE link_requests (
        id bigserial PRIMARY KEY,
        email text NOT NULL CHECK (length(email) <= 254),
        ip text NOT NULL CHECK (length(ip) <= 64),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX link_requests_email_idx ON link_requests (email, created_at)`);
    await q.query(`CREATE INDEX link_requests_ip_idx ON link_requests (ip, created_at)`);
    await q.query(`
      ALTER TABLE login_attempts
        ADD CONSTRAINT login_attempts_email_length CHECK (length(email) <= 254) NOT VALID,
        ADD CONSTRAINT login_attempts_ip_length CHECK (length(ip) <= 64) NOT VALID`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE login_attempts DROP CONSTRAINT login_attempts_email_length, DROP CONSTRAINT login_attempts_ip_length`);
    await q.query(`DROP TABLE link_requests`);
  }
}
