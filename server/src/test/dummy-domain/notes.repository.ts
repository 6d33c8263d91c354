import { DataSource, EntityManager } from 'typeorm';

/* Every statement of the dummy domain, as a real domain keeps its own (README "Adding a domain"). */

/** A note as the dummy domain reads it. */
export interface DummyNote {
  id: string;
  authorId: string;
  text: string;
}

const COLUMNS = 'id, author_id AS "authorId", text';

export async function insertNote(m: DataSource | EntityManager, authorId: string, text: string): Promise<DummyNote> {
  const [note]: DummyNote[] = await m.query(`INSERT INTO dummy_notes (author_id, text) VALUES ($1, $2) RETURNING ${COLUMNS}`, [
    authorId,
    text,
  ]);
  return note;
}

/** Many authors' notes in one statement (the request loader's batch). */
export function notesOfAuthors(m: DataSource | EntityManager, authorIds: readonly string[]): Promise<DummyNote[]> {
  return m.query(`SELECT ${COLUMNS} FROM dummy_notes WHERE author_id = ANY($1) ORDER BY created_at, id`, [authorIds]);
}
