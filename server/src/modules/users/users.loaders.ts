import DataLoader from 'dataloader';
import { DataSource } from 'typeorm';
import { Actor } from '../../policies';
import { UserFacts } from '../../policies/rules';
import { User } from './user.entity';
import { pendingEmails, userFacts, usersByIds } from './users.repository';

/** Batches user look-ups made while resolving one request into a single statement. */
export function userLoaders(ds: DataSource, actor: Actor | null) {
  return {
    userById: new DataLoader<string, User | null>(async (ids) => {
      const byId = new Map((await usersByIds(ds, ids)).map((u) => [u.id, u]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    /** Each user's sign-in email waiting for confirmation (the field checks who may see it). */
    pendingEmail: new DataLoader<string, string | null>(async (ids) => {
      const byId = await pendingEmails(ds, ids);
      return ids.map((id) => byId.get(id) ?? null);
    }),
    /** The viewer's facts about users (viewerCanEdit and viewerCanDelete of a whole page in one statement). */
    userFacts: new DataLoader<string, UserFacts | null>(async (ids) => {
      const facts = actor ? await userFacts(ds, actor, ids) : new Map<string, UserFacts>();
      return ids.map((id) => facts.get(id) ?? null);
    }),
  };
}
