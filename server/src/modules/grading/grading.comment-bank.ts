import { DataSource } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { requiredText, rethrowUnique } from '../../core/input';
import { Actor, authorize } from '../../policies';
import { CommentSnippet } from './grading.types';
import { SnippetRow, deleteSnippet, insertSnippet, lockTeacher, snippetById, snippetCount, snippetsOf } from './grading.repository';

export const COMMENT_BANK_TEXT = {
  required: 'Enter the comment to keep',
  duplicate: 'This comment is already in your bank',
  full: (n: number) => `Your comment bank holds at most ${n} comments: delete one first`,
  notFound: 'Comment not found',
  teachersOnly: 'Only teachers keep a comment bank',
} as const;

/** The most snippets a teacher keeps; a bank is a short list to pick from, not an archive. */
export const COMMENT_BANK_MAX = 200;
const SNIPPET_MAX = 1000;

const toSnippet = (r: SnippetRow) => Object.assign(new CommentSnippet(), { id: r.id, text: r.text, createdAt: r.created_at });

/**
 * A teacher's comment bank (issue 25 point 3): feedback snippets they saved, inserted into any feedback with a
 * click or Alt+1..9. Each teacher sees and changes only their own ('commentSnippet.own', SQL twin in the list).
 */
export class CommentBankService {
  constructor(private readonly ds: DataSource) {}

  /** The viewer's snippets; none for whoever is not acting as a teacher (the dashboard asks in its one request). */
  async list(actor: Actor): Promise<CommentSnippet[]> {
    return (await snippetsOf(this.ds, actor)).map(toSnippet);
  }

  /** Keeps a snippet (the same text twice is refused); at most COMMENT_BANK_MAX per teacher, counted under a lock of the teacher's row. */
  async add(actor: Actor, input: { text?: unknown }): Promise<CommentSnippet> {
    authorize(actor, 'commentBank.use', undefined, { message: COMMENT_BANK_TEXT.teachersOnly });
    const text = requiredText(input.text, COMMENT_BANK_TEXT.required, 'Comment', SNIPPET_MAX, 'multiline');
    return this.ds.transaction(async (m) => {
      await lockTeacher(m, actor.userId);
      if ((await snippetCount(m, actor.userId)) >= COMMENT_BANK_MAX) throw validation(COMMENT_BANK_TEXT.full(COMMENT_BANK_MAX));
      const row = await insertSnippet(m, actor.userId, text).catch((err: unknown) =>
        rethrowUnique(err, { comment_snippets_teacher_text_key: COMMENT_BANK_TEXT.duplicate }),
      );
      return toSnippet(row);
    });
  }

  /** Deletes one of the teacher's snippets; another teacher's is "not found". */
  async remove(actor: Actor, id: unknown): Promise<string> {
    authorize(actor, 'commentBank.use', undefined, { message: COMMENT_BANK_TEXT.teachersOnly });
    const sid = assertId(id, COMMENT_BANK_TEXT.notFound);
    const row = await snippetById(this.ds, sid);
    if (!row) throw notFound(COMMENT_BANK_TEXT.notFound);
    authorize(actor, 'commentSnippet.own', { teacherId: row.teacher_id }, { as: 'notFound', message: COMMENT_BANK_TEXT.notFound });
    await deleteSnippet(this.ds, sid);
    return sid;
  }
}
