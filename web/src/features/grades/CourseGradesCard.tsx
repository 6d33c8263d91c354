import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { EmptyRow } from '../../components/TableCells';
import { GradeTrendChart } from './GradeTrendChart';
import { scoreText, statusColour } from './gradesFormat';
import type { CourseGradesCardFragment } from './grades.generated';

const COLUMNS = ['Item', 'Score', 'Status'];

/** One course of a grades report: its average (points earned over points possible), the trend, each item. */
export function CourseGradesCard({ course }: { course: CourseGradesCardFragment }) {
  const headingId = `grades-${course.courseId}`;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h2" component="h2">
            {course.courseTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {course.subjectName}
          </Typography>
        </Box>
        <Box sx={{ textAlign: { xs: 'left', sm: 'right' } }} data-testid="course-average">
          <Typography variant="body2" color="text.secondary">
            Course average
          </Typography>
          <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 }}>
            {course.average === null ? '-' : `${course.average}%`}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {course.pointsPossible ? `${course.pointsEarned} / ${course.pointsPossible} points` : 'Nothing graded yet'}
          </Typography>
        </Box>
      </Box>
      {course.trend.length > 0 && (
        <Box sx={{ mb: 2 }}>
          <GradeTrendChart points={course.trend} courseTitle={course.courseTitle} />
        </Box>
      )}
      <ResponsiveTable columns={COLUMNS} size="small" aria-label={`Grades in ${course.courseTitle}`}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c}>{c}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {course.items.length === 0 && <EmptyRow colSpan={COLUMNS.length} text="No assessments yet." />}
          {course.items.map((i) => (
            <TableRow key={i.assessmentId}>
              <TableCell>{i.title}</TableCell>
              <TableCell>
                {i.percentage === null ? scoreText(i.score, i.maxScore) : `${scoreText(i.score, i.maxScore)} (${i.percentage}%)`}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={statusColour(i.status)}
                  variant="outlined"
                  label={i.isAutoSubmitted && i.status === 'GRADED' ? 'Graded (auto-submitted)' : i.statusLabel}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ResponsiveTable>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        The average counts graded work whose results have been released to you.
      </Typography>
    </Paper>
  );
}
