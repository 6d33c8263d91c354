import { describe, expect, it } from 'vitest';
import { formatDateTime, formatKb, fullName, moduleLabel, preview } from './format';

describe('course formatters', () => {
  it('writes a file size in KB with two decimals (spec section 9)', () => {
    expect(formatKb(1536)).toBe('1.50 KB');
    expect(formatKb(0)).toBe('0.00 KB');
  });

  it('cuts a description at 50 characters plus an ellipsis', () => {
    expect(preview('a'.repeat(50))).toBe('a'.repeat(50));
    expect(preview('a'.repeat(51))).toBe(`${'a'.repeat(50)}...`);
  });

  it('names people and modules in the spec’s words', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(fullName(null)).toBe('Unknown');
    expect(moduleLabel({ moduleType: 'WEEK', order: 3 })).toBe('Week 3');
    expect(moduleLabel({ moduleType: 'UNIT', order: 1 })).toBe('Unit 1');
  });

  it('answers an empty string for a date it cannot read, never "Invalid Date"', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime('2026-11-27T10:00:00Z')).toMatch(/\d/);
  });
});
