import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useElementWidth } from '../../components/useElementWidth';
import type { CourseGradesCardFragment } from './grades.generated';

type Point = CourseGradesCardFragment['trend'][number];

const HEIGHT = 96;
const PAD = 8;
// the widest the chart gets; on a phone it takes the card's width (the 375 px screen minus its padding)
const MAX_WIDTH = 480;

/**
 * The trend of one course as plain SVG, drawn to its box's width like the attendance chart: a dot per
 * counted item (its percentage) and a line for the running course average. The numbers are in the table
 * beside it, so the picture carries a one-line summary for screen readers.
 */
export function GradeTrendChart({ points, courseTitle }: { points: Point[]; courseTitle: string }) {
  const theme = useTheme();
  const [boxWidth, boxRef] = useElementWidth<HTMLDivElement>();
  const width = Math.max(120, Math.min(MAX_WIDTH, boxWidth ?? MAX_WIDTH));
  if (points.length === 0) return null;
  const x = (i: number) => (points.length === 1 ? width / 2 : PAD + (i * (width - 2 * PAD)) / (points.length - 1));
  const y = (pct: number) => PAD + ((100 - Math.max(0, Math.min(100, pct))) * (HEIGHT - 2 * PAD)) / 100;
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.average).toFixed(1)}`).join(' ');
  const first = points[0].average;
  const last = points[points.length - 1].average;
  const summary =
    points.length === 1
      ? `${courseTitle}: one graded item, ${last}%`
      : `${courseTitle}: course average from ${first}% to ${last}% over ${points.length} graded items`;

  return (
    <Box ref={boxRef} sx={{ width: '100%', maxWidth: MAX_WIDTH }}>
      <svg width={width} height={HEIGHT} role="img" aria-label={summary} data-testid="grade-trend">
        {[0, 50, 100].map((g) => (
          <line
            key={g}
            x1={0}
            x2={width}
            y1={y(g)}
            y2={y(g)}
            stroke={theme.palette.divider}
            strokeDasharray={g === 50 ? '4 4' : undefined}
          />
        ))}
        <path d={line} fill="none" stroke={theme.palette.primary.main} strokeWidth={2} />
        {points.map((p, i) => (
          <circle key={p.assessmentId} cx={x(i)} cy={y(p.percentage)} r={3.5} fill={theme.palette.secondary.main}>
            <title>{`${p.title}: ${p.percentage}% (average ${p.average}%)`}</title>
          </circle>
        ))}
      </svg>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }} aria-hidden="true">
        <Legend colour={theme.palette.primary.main} label="Course average" line />
        <Legend colour={theme.palette.secondary.main} label="Each item" />
      </Box>
    </Box>
  );
}

function Legend({ colour, label, line }: { colour: string; label: string; line?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <Box sx={{ width: line ? 16 : 8, height: line ? 2 : 8, bgcolor: colour, borderRadius: line ? 0 : '50%' }} />
      <Typography variant="caption">{label}</Typography>
    </Box>
  );
}
