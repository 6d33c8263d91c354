import { describe, expect, it } from 'vitest';
import {
  ANY_TAG,
  SHARINGS,
  SHARING_LABEL,
  SHARING_SHORT,
  anyTagLabel,
  difficultyWords,
  discriminationWords,
  parseTags,
  percent,
} from './labels';

describe('question bank words (issue 30)', () => {
  it('lists the sharings from the most private, each with its long and short words', () => {
    expect(SHARINGS).toEqual(['PRIVATE', 'READ', 'EDIT']);
    expect(SHARINGS.map((s) => SHARING_SHORT[s])).toEqual(['Private', 'Shared to use', 'Shared to edit']);
    expect(SHARING_LABEL.PRIVATE).toBe('Only me');
  });

  it('calls the empty tag "All tags" and any other by its name', () => {
    expect(anyTagLabel(ANY_TAG)).toBe('All tags');
    expect(anyTagLabel('algebra')).toBe('algebra');
  });
});

describe('parseTags', () => {
  it('splits on commas, trims, drops blanks and keeps each tag once, in the order typed', () => {
    expect(parseTags('linear, equations')).toEqual(['linear', 'equations']);
    expect(parseTags(' b ,a,, b,  ,a ')).toEqual(['b', 'a']);
  });

  it('reads nothing from an empty or blank text', () => {
    expect(parseTags('')).toEqual([]);
    expect(parseTags(' , ,')).toEqual([]);
  });

  it('keeps tags that differ in case apart', () => {
    expect(parseTags('Algebra, algebra')).toEqual(['Algebra', 'algebra']);
  });
});

describe('item statistics in words', () => {
  it('writes a share as a whole percent', () => {
    expect(percent(0)).toBe('0%');
    expect(percent(0.456)).toBe('46%');
    expect(percent(0.005)).toBe('1%');
    expect(percent(1)).toBe('100%');
  });

  it('reads the difficulty index: 0.8 and up easy, 0.3 and down hard', () => {
    expect(difficultyWords(1)).toBe('easy');
    expect(difficultyWords(0.8)).toBe('easy');
    expect(difficultyWords(0.79)).toBe('medium');
    expect(difficultyWords(0.31)).toBe('medium');
    expect(difficultyWords(0.3)).toBe('hard');
    expect(difficultyWords(0)).toBe('hard');
  });

  it('reads the discrimination index, a negative one as a key to check', () => {
    expect(discriminationWords(-0.01)).toBe('weaker students do better: check the key');
    expect(discriminationWords(0)).toBe('tells strong and weak students apart poorly');
    expect(discriminationWords(0.19)).toBe('tells strong and weak students apart poorly');
    expect(discriminationWords(0.2)).toBe('tells strong and weak students apart fairly');
    expect(discriminationWords(0.39)).toBe('tells strong and weak students apart fairly');
    expect(discriminationWords(0.4)).toBe('tells strong and weak students apart well');
  });
});
