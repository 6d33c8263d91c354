import { describe, expect, it } from 'vitest';
import { formatPoints, scoreText, statusColour } from './gradesFormat';

describe('grades in words', () => {
  it('writes points with two decimals at most, without trailing zeros', () => {
    expect(formatPoints(8)).toBe('8');
    expect(formatPoints(8.5)).toBe('8.5');
    expect(formatPoints(8.25)).toBe('8.25');
    expect(formatPoints(2 / 3)).toBe('0.67');
    expect(formatPoints(0)).toBe('0');
  });

  it('writes a score out of the maximum, a dash while there is none', () => {
    expect(scoreText(8, 10)).toBe('8 / 10');
    expect(scoreText(7.333, 10)).toBe('7.33 / 10');
    expect(scoreText(0, 10)).toBe('0 / 10');
    expect(scoreText(null, 10)).toBe('- / 10');
  });

  it('colours each status', () => {
    expect(statusColour('GRADED')).toBe('success');
    expect(statusColour('MISSING')).toBe('error');
    expect(statusColour('NOT_GRADED')).toBe('warning');
    expect(statusColour('REOPENED')).toBe('warning');
    expect(statusColour('UNRELEASED')).toBe('info');
    expect(statusColour('NOT_SUBMITTED')).toBe('default');
    expect(statusColour('NOT_ASSIGNED')).toBe('default');
  });

  it('colours a status this client does not know yet as default', () => {
    expect(statusColour('SOMETHING_NEW' as never)).toBe('default');
  });
});
