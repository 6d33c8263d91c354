/**
 * Every statement the account domain runs: a user's own row (name, password) and their sessions. The domain
 * writes both styles and keeps each as it was: TypeORM's repositories and query builders for the User and Session
 * entities, raw SQL for the password check and the sign-in attempts it clears. Services decide; these only read
 * and write.
 */
import { DataSource, EntityManager } from 'typeorm';
import { User } from '../users';
import { Session } from '../auth';

/** Sets the user's first and last name. */
export async function updateUserName(m: EntityManager, userId: string, firstName: string, lastName: string): Promise<void> {
  await m.getRepository(User).update({ id: userId }, { firstName, lastName });
}

/** The user's sign-in email (lower case, as sign-in attempts are counted by it) and password hash; none when the user does not exist. */
export async function passwordOf(ds: DataSource, userId: string): Promise<{ email: string; password_hash: string | null } | undefined> {
  const [row]: Array<{ email: string; password_hash: string | null }> = await ds.query(
    'SELECT lower(email) AS email, password_hash FROM users WHERE id = $1',
    [userId],
  );
  return row;
}

/** Forgets the failed sign-in attempts of this email: the right password was given. */
export async function clearLoginAttempts(ds: DataSource, email: string): Promise<void> {
  await ds.query('DELETE FROM login_attempts WHERE email = $1', [email]);
}

/** Sets the user's password hash. */
export async function updatePasswordHash(m: EntityManager, userId: string, passwordHash: string): Promise<void> {
  await m.update(User, userId, { passwordHash });
}

/** The user's sessions that have not expired, the most recently used first. */
export function liveSessions(ds: DataSource, userId: string): Promise<Session[]> {
  return ds
    .getRepository(Session)
    .createQueryBuilder('s')
    .where('s.user_id = :me AND s.expires_at > now()', { me: userId })
    .orderBy('s.last_used_at', 'DESC')
    .addOrderBy('s.id', 'ASC')
    .getMany();
}

/** Deletes the session when it is the user's own (another user's is left alone); how many went, 0 or 1. */
export async function deleteOwnSession(ds: DataSource, id: string, userId: string): Promise<number | null | undefined> {
  const res = await ds.createQueryBuilder().delete().from(Session).where('id = :id AND user_id = :me', { id, me: userId }).execute();
  return res.affected;
}
