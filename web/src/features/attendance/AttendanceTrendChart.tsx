import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useElementWidth } from '../../components/useElementWidth';
import type { AttendanceTrendWeekFragment } from './attendance.generated';
import { formatDay } from './attendanceFormat';

type Week = AttendanceTrendWeekFragment;

interface AttendanceTrendChartProps {
  title: string;
  weeks: Week[];
  loading: boolean;
}

const HEIGHT = 160;
// bar and gap at full size; on a narrower container both shrink in proportion (the labels keep their size)
const FULL_BAR = 28;
const FULL_GAP = 22;
const LABEL = 36;

/**
 * Stacked weekly bars (present, late, absent) as plain SVG; the numbers behind it are in the table
 * below for screen readers, so the picture itself is decorative.
 */
export function AttendanceTrendChart({ title, weeks, loading }: AttendanceTrendChartProps) {
  const theme = useTheme();
  const colours = { present: theme.palette.success.main, late: theme.palette.warning.main, absent: theme.palette.error.main };
  const max = Math.max(1, ...weeks.map((w) => w.present + w.late + w.absent));
  const [boxWidth, boxRef] = useElementWidth<HTMLDivElement>();
  const natural = weeks.length * (FULL_BAR + FULL_GAP) + FULL_GAP;
  const fit = boxWidth ? Math.min(1, boxWidth / natural) : 1;
  const BAR = FULL_BAR * fit;
  const GAP = FULL_GAP * fit;
  const width = natural * fit;
  const scale = (n: number) => (n / max) * HEIGHT;
  const label = (w: Week) => formatDay(w.weekStart, { month: 'short', day: 'numeric' });

  return (
    <Paper
      component="section"
      aria-labelledby="attendance-trend-title"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3, position: 'relative' }}
    >
      <Typography id="attendance-trend-title" variant="h2" component="h2" sx={{ mb: 0.5 }}>
        Attendance over the last weeks
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {loading ? (
        <Typography role="status">Loading chart...</Typography>
      ) : (
        <>
          <Box ref={boxRef}>
            <svg width={width} height={HEIGHT + LABEL} aria-hidden="true" focusable="false">
              {weeks.map((w, i) => {
                const x = GAP + i * (BAR + GAP);
                let y = HEIGHT;
                const parts = (['present', 'late', 'absent'] as const).map((k) => {
                  const h = scale(w[k]);
                  y -= h;
                  return <rect key={k} x={x} y={y} width={BAR} height={h} fill={colours[k]} />;
                });
                return (
                  <g key={w.weekStart}>
                    {parts}
                    <text x={x + BAR / 2} y={HEIGHT + 16} textAnchor="middle" fontSize="11" fill={theme.palette.text.primary}>
                      {label(w)}
                    </text>
                    <text x={x + BAR / 2} y={HEIGHT + 30} textAnchor="middle" fontSize="11" fill={theme.palette.text.secondary}>
                      {w.present + w.late + w.absent ? `${w.rate}%` : '-'}
                    </text>
                  </g>
                );
              })}
              <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} stroke={theme.palette.divider} />
            </svg>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }} aria-hidden="true">
            {(['present', 'late', 'absent'] as const).map((k) => (
              <Box key={k} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                <Box sx={{ width: 12, height: 12, bgcolor: colours[k], borderRadius: 0.5 }} />
                <Typography variant="body2">{k[0].toUpperCase() + k.slice(1)}</Typography>
              </Box>
            ))}
          </Box>
          {/* a table is never narrower than its content, whatever its width says: a hidden box around it clips it,
              pinned to the card's corner (its static place could be past a phone's edge) */}
          <Box sx={{ ...visuallyHidden, top: 0, left: 0 }}>
            <table>
              <caption>{`Weekly attendance, ${title}`}</caption>
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  <th scope="col">Present</th>
                  <th scope="col">Late</th>
                  <th scope="col">Absent</th>
                  <th scope="col">Attendance Rate</th>
                </tr>
              </thead>
              <tbody>
                {weeks.map((w) => (
                  <tr key={w.weekStart}>
                    <th scope="row">{label(w)}</th>
                    <td>{w.present}</td>
                    <td>{w.late}</td>
                    <td>{w.absent}</td>
                    <td>{`${w.rate}%`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
        </>
      )}
    </Paper>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
