import { describe, expect, it } from 'vitest';
import { CONTENT_TYPES, CONTENT_TYPE_LABEL, acceptFor, fileMatchesType, invalidTypeText } from './fileTypes';

describe('content file types (spec section 5)', () => {
  it('lists the types in the picker’s order with the spec’s names', () => {
    expect(CONTENT_TYPES).toEqual(['PDF', 'VIDEO', 'PPT', 'READING', 'OTHER']);
    expect(CONTENT_TYPES.map((t) => CONTENT_TYPE_LABEL[t])).toEqual(['PDF', 'Video', 'PPT', 'Reading', 'Other']);
  });

  it('lets the file input accept the MIME types and the extensions of a type', () => {
    expect(acceptFor('PDF')).toBe('application/pdf,.pdf');
    expect(acceptFor('VIDEO')).toBe('video/mp4,video/webm,.mp4,.webm');
    expect(acceptFor('OTHER')).toBe('image/jpeg,image/png,.jpg,.jpeg,.png');
  });

  it('judges a file by its MIME type when the browser gives one', () => {
    expect(fileMatchesType({ name: 'notes.pdf', type: 'application/pdf' }, 'PDF')).toBe(true);
    expect(
      fileMatchesType({ name: 'slides.pptx', type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' }, 'PPT'),
    ).toBe(true);
    expect(fileMatchesType({ name: 'notes.txt', type: 'text/plain' }, 'READING')).toBe(true);
    // the MIME type decides, not the name
    expect(fileMatchesType({ name: 'notes.pdf', type: 'image/png' }, 'PDF')).toBe(false);
    expect(fileMatchesType({ name: 'clip.mov', type: 'video/quicktime' }, 'VIDEO')).toBe(false);
    expect(fileMatchesType({ name: 'photo.gif', type: 'image/gif' }, 'OTHER')).toBe(false);
  });

  it('falls back on the extension, in any case, when the browser gives no MIME type', () => {
    expect(fileMatchesType({ name: 'Lecture.MP4', type: '' }, 'VIDEO')).toBe(true);
    expect(fileMatchesType({ name: 'essay.final.docx', type: '' }, 'READING')).toBe(true);
    expect(fileMatchesType({ name: 'photo.jpeg', type: '' }, 'OTHER')).toBe(true);
    expect(fileMatchesType({ name: 'README', type: '' }, 'READING')).toBe(false);
    expect(fileMatchesType({ name: 'slides.key', type: '' }, 'PPT')).toBe(false);
  });

  it('names the type in the refusal', () => {
    expect(invalidTypeText('VIDEO')).toBe('Invalid file type for Video. Please select a valid file.');
  });
});
