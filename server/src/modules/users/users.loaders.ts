import DataLoader from 'dataloader';
import { DataSource, In } from 'typeorm';
import { Actor } from '../../policies';
import { UserFacts } from '../../policies/rules';
import { User } from './user.entity';
import { userFacts } from './users.facts';

/** Batches user look-ups made while resolving one request into a single statement. */
export function userLoaders(ds: DataSource, actor: Actor | null) {
  return {
    userById: new DataLoader<string, User | null>(async (ids) => {
      const rows = await ds.getRepository(User).findBy({ id: In([...ids]) });
      const byId = new Map(rows.map((u) => [u.id, u]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    /** Each user's sign-in email waiting for confirmation (the field checks who may see it). */
    pendingEmail: new DataLoader<string, string | null>(async (ids) => {
      const rows: Array<{ user_id: string; new_email: string }> = await ds.query(
        `SELECT user_id, new_email FROM email_changes
          WHERE user_id = ANY($1::uuid[]) AND confirmed_at IS NULL AND cancelled_at IS NULL AND expires_at > now()`,
        [ids],
      );
      const byId = new Map(rows.map((r) => [r.user_id, r.new_email]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    /** The viewer's facts about users (viewerCanEdit and viewerCanDelete of a whole page in one statement). */
    userFacts: new DataLoader<string, UserFacts | null>(async (ids) => {
      const facts = actor ? await userFacts(ds, actor, ids) : new Map<string, UserFacts>();
      return ids.map((id) => facts.get(id) ?? null);
    }),
  };
}
