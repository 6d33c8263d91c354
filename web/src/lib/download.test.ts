import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, withExtension } from './download';

describe('fileNameFromDisposition', () => {
  it('reads no name from no header, or from a header without one', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('')).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
  });

  it('reads a quoted or a bare file name', () => {
    expect(fileNameFromDisposition('attachment; filename="week 1; notes.pdf"')).toBe('week 1; notes.pdf');
    expect(fileNameFromDisposition('attachment; filename=notes.pdf ; size=10')).toBe('notes.pdf');
  });

  it('prefers the RFC 5987 filename*, percent-decoded', () => {
    expect(fileNameFromDisposition(`attachment; filename="Resume.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`)).toBe('Résumé.pdf');
    expect(fileNameFromDisposition(`attachment; filename*=utf-8''a%20b.txt`)).toBe('a b.txt');
  });

  it('falls back on the plain name when filename* cannot be decoded', () => {
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''bad%E0%A4.pdf; filename="plain.pdf"`)).toBe('plain.pdf');
  });
});

describe('withExtension (spec section 7)', () => {
  it('keeps a name that has an extension', () => {
    expect(withExtension('notes.pdf', 'application/msword')).toBe('notes.pdf');
    expect(withExtension('photo.JPEG', null)).toBe('photo.JPEG');
  });

  it('adds the content type’s extension to a name without one, parameters and case aside', () => {
    expect(withExtension('notes', 'application/pdf')).toBe('notes.pdf');
    expect(withExtension('essay', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('essay.docx');
    expect(withExtension('readme', 'Text/Plain; charset=utf-8')).toBe('readme.txt');
  });

  it('leaves the name as it is for an unknown or missing content type', () => {
    expect(withExtension('archive', 'application/zip')).toBe('archive');
    expect(withExtension('archive', null)).toBe('archive');
  });

  it('does not take a dot in the middle, or a too long ending, for an extension', () => {
    expect(withExtension('v1.2 notes', 'application/pdf')).toBe('v1.2 notes.pdf');
    expect(withExtension('report.backup2026', 'application/pdf')).toBe('report.backup2026.pdf');
  });
});
