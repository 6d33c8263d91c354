import type { GradeStatus } from '../../gql/types';

/** '8 / 10', or '- / 10' while there is no score to show. */
export const scoreText = (score: number | null, max: number) => `${score === null ? '-' : formatPoints(score)} / ${max}`;

/** Points as the server keeps them (two decimals at most), without trailing zeros. */
export const formatPoints = (n: number) => String(Math.round(n * 100) / 100);

/** The chip colour of a status. */
export function statusColour(s: GradeStatus): 'success' | 'warning' | 'error' | 'info' | 'default' {
  switch (s) {
    case 'Graded':
      return 'success';
    case 'Missing':
      return 'error';
    case 'NotGraded':
    case 'Reopened':
      return 'warning';
    case 'Unreleased':
      return 'info';
    default:
      return 'default';
  }
}
