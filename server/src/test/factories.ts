import { DataSource } from 'typeorm';
import { hashPassword } from '../modules/auth';
import { User } from '../modules/users';
import { Role } from '../core/role';
import { DEMO_PASSWORD } from '../app/seed';
import { uniqueEmail } from './test-server';

let demoHash: Promise<string> | undefined;
/** Hashing is slow on purpose; factories hash the shared test password once per file. */
const passwordHash = () => (demoHash ??= hashPassword(DEMO_PASSWORD));

export async function makeUser(ds: DataSource, fields: Partial<User> & { role?: Role } = {}): Promise<User> {
  const role = fields.role ?? Role.Student;
  const repo = ds.getRepository(User);
  return repo.save(
    repo.create({
      firstName: 'Test',
      lastName: role,
      email: uniqueEmail(role.toLowerCase()),
      activated: true,
      passwordHash: await passwordHash(),
      ...fields,
      role,
    }),
  );
}

/** Many users in one statement, for the tests that prove a list does not grow in statements. */
export async function makeUsers(ds: DataSource, count: number, role: Role = Role.Student): Promise<void> {
  const hash = await passwordHash();
  const rows = Array.from({ length: count }, (_, i) => ({
    firstName: `Bulk${i}`,
    lastName: role,
    email: uniqueEmail(`bulk${i}`),
    role,
    activated: i % 2 === 0,
    passwordHash: hash,
  }));
  await ds.getRepository(User).insert(rows);
}
