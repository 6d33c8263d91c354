import { describe, expect, it } from 'vitest';
import { validateAnnouncement } from './useCourseAnnouncements';

describe('validateAnnouncement (spec section 5)', () => {
  it('wants a title and content, blanks counting as none', () => {
    expect(validateAnnouncement({ title: 'Trip', content: 'Friday', isVisible: false })).toEqual({});
    expect(validateAnnouncement({ title: ' ', content: '', isVisible: true })).toEqual({
      title: 'Title is required',
      content: 'Content is required',
    });
    expect(validateAnnouncement({ title: 'Trip', content: '\n ', isVisible: true })).toEqual({ content: 'Content is required' });
  });
});
