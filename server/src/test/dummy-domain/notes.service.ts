import { DataSource } from 'typeorm';
import type { Actor } from '../../policies';
import { validation } from '../../errors/domain-error';
import { DummyNote, insertNote, notesOfAuthors } from './notes.repository';

export type { DummyNote } from './notes.repository';

/** The dummy domain's logic: a person's own notes (nobody else reads them). */
export class DummyNotesService {
  constructor(private readonly ds: DataSource) {}

  async add(actor: Actor, text: string): Promise<DummyNote> {
    const trimmed = text.trim();
    if (!trimmed || trimmed.length > 200) throw validation('A note is 1 to 200 characters');
    return insertNote(this.ds, actor.userId, trimmed);
  }

  /** Many authors' notes in one statement (the request loader's batch). */
  byAuthors(authorIds: readonly string[]): Promise<DummyNote[]> {
    return notesOfAuthors(this.ds, authorIds);
  }
}
