import { describe, expect, it } from 'vitest';
import { validatePost } from './useDiscussions';

describe('validatePost (spec section 5)', () => {
  it('wants a thread’s title and content', () => {
    expect(validatePost({ title: 'Homework 3', content: 'Question 2?' }, false)).toEqual({});
    expect(validatePost({ title: '', content: ' ' }, false)).toEqual({ title: 'Title is required', content: 'Content is required' });
  });

  it('wants only a reply’s content', () => {
    expect(validatePost({ title: '', content: 'Agreed' }, true)).toEqual({});
    expect(validatePost({ title: '', content: '  ' }, true)).toEqual({ content: 'Content is required' });
  });
});
