import { GradingWorld, code, gradingWorld } from '../../test/grading.fixtures';

/**
 * The comment bank (issue 25 point 3): a teacher's feedback snippets, kept per teacher; each text once; only
 * teachers; another teacher's snippet is not found; bad input refused with nothing written.
 */
let w: GradingWorld;
beforeAll(async () => {
  w = await gradingWorld();
}, 60_000);
afterAll(() => w.t.close());

const LIST = '{ myCommentSnippets { id text } }';
const ADD = 'mutation($input: AddCommentSnippetInput!) { addCommentSnippet(input: $input) { id text createdAt } }';
const DELETE = 'mutation($id: ID!) { deleteCommentSnippet(id: $id) }';
const add = (text: unknown, token = w.tok.teacher) => w.t.gql(ADD, { input: { text } }, token);
const count = async () => Number((await w.t.ds.query('SELECT count(*) AS n FROM comment_snippets'))[0].n);

describe('comment bank', () => {
  it('keeps snippets per teacher, oldest first; another teacher sees only their own and cannot delete mine', async () => {
    const a = await add('  Clear method; add one worked example.  ');
    expect(a.errors).toBeUndefined();
    expect(a.data.addCommentSnippet.text).toBe('Clear method; add one worked example.');
    await add('Check your units.');
    await add('Show your working.', w.tok.teacher2);
    expect((await w.t.gql(LIST, {}, w.tok.teacher)).data.myCommentSnippets.map((s: { text: string }) => s.text)).toEqual([
      'Clear method; add one worked example.',
      'Check your units.',
    ]);
    expect((await w.t.gql(LIST, {}, w.tok.teacher2)).data.myCommentSnippets.map((s: { text: string }) => s.text)).toEqual([
      'Show your working.',
    ]);

    const id = a.data.addCommentSnippet.id;
    expect(code(await w.t.gql(DELETE, { id }, w.tok.teacher2))).toEqual(['NOT_FOUND', 'Comment not found']);
    expect((await w.t.gql(DELETE, { id }, w.tok.teacher)).data.deleteCommentSnippet).toBe(id);
    expect(code(await w.t.gql(DELETE, { id }, w.tok.teacher))).toEqual(['NOT_FOUND', 'Comment not found']);
    expect((await w.t.gql(LIST, {}, w.tok.teacher)).data.myCommentSnippets.map((s: { text: string }) => s.text)).toEqual([
      'Check your units.',
    ]);
  });

  it('refuses the same text twice, blank and too long texts, and everyone who is not a teacher (whose bank is empty), writing nothing', async () => {
    await add('Well argued.');
    const before = await count();
    expect(code(await add('Well argued.'))).toEqual(['CONFLICT', 'This comment is already in your bank']);
    expect(code(await add('   '))).toEqual(['VALIDATION', 'Enter the comment to keep']);
    expect(code(await add('x'.repeat(1001)))[0]).toBe('VALIDATION');
    for (const who of ['student', 'parent', 'admin']) {
      expect(code(await add('Nice', w.tok[who]))).toEqual(['FORBIDDEN', 'Only teachers keep a comment bank']);
      const listed = await w.t.gql(LIST, {}, w.tok[who]);
      expect([listed.errors, listed.data?.myCommentSnippets]).toEqual([undefined, []]);
    }
    expect(code(await w.t.gql(DELETE, { id: 'nope' }, w.tok.teacher))).toEqual(['NOT_FOUND', 'Comment not found']);
    expect(await count()).toBe(before);
  });

  it('holds at most 200 snippets per teacher', async () => {
    await w.t.ds.query(
      `INSERT INTO comment_snippets (teacher_id, text) SELECT $1, 'Bulk ' || g FROM generate_series(1, 200) g
      WHERE (SELECT count(*) FROM comment_snippets WHERE teacher_id = $1) < 200`,
      [w.id.teacher2],
    );
    await w.t.ds.query(
      `DELETE FROM comment_snippets WHERE id IN (SELECT id FROM comment_snippets WHERE teacher_id = $1 ORDER BY created_at DESC, id OFFSET 200)`,
      [w.id.teacher2],
    );
    expect(code(await add('One more', w.tok.teacher2))).toEqual([
      'VALIDATION',
      'Your comment bank holds at most 200 comments: delete one first',
    ]);
  });
});
