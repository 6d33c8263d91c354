import { describe, expect, it } from 'vitest';
import { listCounts } from './deleteImpact';

describe('listCounts (what a delete takes with it)', () => {
  const modules = (n: number): [number, string, string] => [n, 'module', 'modules'];
  const contents = (n: number): [number, string, string] => [n, 'content item', 'content items'];
  const submissions = (n: number): [number, string, string] => [n, 'student submission', 'student submissions'];

  it('says nothing when every count is zero, or there are none', () => {
    expect(listCounts([modules(0), contents(0)])).toBe('');
    expect(listCounts([])).toBe('');
  });

  it('names one count alone, singular for 1', () => {
    expect(listCounts([modules(0), contents(1)])).toBe('1 content item');
    expect(listCounts([modules(3)])).toBe('3 modules');
  });

  it('joins two with "and", more with commas and a last "and", in the given order, zeros left out', () => {
    expect(listCounts([modules(2), contents(0), submissions(1)])).toBe('2 modules and 1 student submission');
    expect(listCounts([modules(2), contents(1), submissions(3)])).toBe('2 modules, 1 content item and 3 student submissions');
  });
});
