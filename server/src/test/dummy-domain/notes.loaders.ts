import { DataSource } from 'typeorm';
import type { Actor } from '../../policies';
import { listLoader } from '../../core/dataloaders';
import { DummyNotesService } from './notes.service';

/** The dummy domain's request loaders: each author's notes, many authors in one statement. */
export function dummyNotesLoaders(ds: DataSource, _actor: Actor | null) {
  const notes = new DummyNotesService(ds);
  return {
    dummyNotesByAuthor: listLoader(
      (ids) => notes.byAuthors(ids),
      (n) => n.authorId,
    ),
  };
}
