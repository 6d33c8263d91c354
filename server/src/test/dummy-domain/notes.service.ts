import { DataSource } from 'typeorm';
import type { Actor } from '../../policies';
import { validation } from '../../errors/domain-error';

/** A note as the dummy domain reads it. */
export interface DummyNote {
  id: string;
  authorId: string;
  text: string;
}

const COLUMNS = 'id, author_id AS "authorId", text';

/** The dummy domain's logic: a person's own notes (nobody else reads them). */
export class DummyNotesService {
  constructor(private readonly ds: DataSource) {}

  async add(actor: Actor, text: string): Promise<DummyNote> {
    const trimmed = text.trim();
    if (!trimmed || trimmed.length > 200) throw validation('A note is 1 to 200 characters');
    const [note] = await this.ds.query(`INSERT INTO dummy_notes (author_id, text) VALUES ($1, $2) RETURNING ${COLUMNS}`, [
      actor.userId,
      trimmed,
    ]);
    return note;
  }

  /** Many authors' notes in one statement (the request loader's batch). */
  byAuthors(authorIds: readonly string[]): Promise<DummyNote[]> {
    return this.ds.query(`SELECT ${COLUMNS} FROM dummy_notes WHERE author_id = ANY($1) ORDER BY created_at, id`, [authorIds]);
  }
}
