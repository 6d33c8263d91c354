import { MigrationInterface, QueryRunner } from 'typeorm';

/** The users list without a role filter sorts by name; without this index it scans and sorts every user. */
export class UserNameIndex1732300004000 implements MigrationInterface {
  name = 'UserNameIndex1732300004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX users_name_idx ON users (last_name, first_name, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_name_idx`);
  }
}
