import type { GradeStatus } from '../../gql/types';

/** '8 / 10', or '- / 10' while there is no score to show. */
export const scoreText = (score: number | null, max: number) => `${score === null ? '-' : formatPoints(score)} / ${max}`;

/** Points as the server keeps them (two decimals at most), without trailing zeros. */
export const formatPoints = (n: number) => String(Math.round(n * 100) / 100);

/** The chip colour of each status (the words are the server's `statusLabel`). */
const STATUS_COLOUR: Record<GradeStatus, 'success' | 'warning' | 'error' | 'info' | 'default'> = {
  GRADED: 'success',
  MISSING: 'error',
  NOT_GRADED: 'warning',
  REOPENED: 'warning',
  UNRELEASED: 'info',
  NOT_SUBMITTED: 'default',
  NOT_ASSIGNED: 'default',
};

export function statusColour(s: GradeStatus): 'success' | 'warning' | 'error' | 'info' | 'default' {
  return STATUS_COLOUR[s] ?? 'default';
}
