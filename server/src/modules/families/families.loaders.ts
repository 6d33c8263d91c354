import DataLoader from 'dataloader';
import { DataSource } from 'typeorm';
import { User } from '../users';
import { linkedUsers } from './families.service';

/** A user's family links (a parent's children, a student's parents) for every user of a page in two statements. */
export function familyLoaders(ds: DataSource) {
  return {
    familyLinksOf: new DataLoader<string, User[]>(async (ids) => {
      const links = await linkedUsers(ds, ids);
      return ids.map((id) => links.get(id) ?? []);
    }),
  };
}
