import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { QuestionStatisticsFieldsFragment } from './question-banks.generated';
import { difficultyWords, discriminationWords, percent } from './labels';

interface ItemStatisticsProps {
  stats: QuestionStatisticsFieldsFragment;
  points: number;
  /** Names the block for screen readers ('Statistics of question 3'). */
  label: string;
}

/**
 * Item statistics beside a bank question (issue 30): answered, graded, the average score, the difficulty and
 * discrimination indices where the server has them (discrimination needs 10 graded answers), and for a
 * multiple-choice question how often each option was chosen.
 */
export function ItemStatistics({ stats, points, label }: ItemStatisticsProps) {
  const rows: [string, string][] = [
    ['Answered', String(stats.answered)],
    ['Graded', String(stats.graded)],
    [
      'Average score',
      stats.averageScore === null || stats.averageScore === undefined ? 'Not graded yet' : `${round(stats.averageScore)} of ${points}`,
    ],
  ];
  if (stats.difficulty !== null && stats.difficulty !== undefined)
    rows.push(['Difficulty', `${percent(stats.difficulty)} of the points on average (${difficultyWords(stats.difficulty)})`]);
  rows.push([
    'Discrimination',
    stats.discrimination === null || stats.discrimination === undefined
      ? 'Needs 10 graded answers'
      : `${round(stats.discrimination)} (${discriminationWords(stats.discrimination)})`,
  ]);
  return (
    <Box component="section" aria-label={label} sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5, display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2" component="h4">
        Statistics
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}>
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {stats.options.length > 0 && (
        <Box component="ul" aria-label={`Options chosen, ${label.toLowerCase()}`} sx={{ m: 0, pl: 2.5 }}>
          {stats.options.map((o) => (
            <Typography component="li" variant="body2" key={o.optionId} sx={{ overflowWrap: 'anywhere' }}>
              {`${o.text}: chosen by ${o.chosen} of ${stats.answered}${stats.answered ? ` (${percent(o.chosen / stats.answered)})` : ''}`}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

const round = (n: number) => String(Math.round(n * 100) / 100);
