import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { GRADING_KINDS } from '../grading/gradingKinds';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useParams } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { BackLink, Loaded } from '../../components/DetailPage';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { formatPoints } from './gradesFormat';
import type { GradebookQuery } from './grades.generated';
import { useGradebook } from './useGradebook';
import { pathTo } from '@lms/routes';

type Book = GradebookQuery['gradebook'];
type Cell = Book['rows']['nodes'][number]['cells'][number];
type External = Book['externalColumns'][number];

/** A result an application wrote (OneRoster): the score over the maximum (above it is extra credit), else its status. */
function ExternalCellText({ column, studentId }: { column: External; studentId: string }) {
  const cell = column.cells.find((c) => c.studentId === studentId);
  if (!cell)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        -
      </Box>
    );
  return (
    <Box component="span" title={cell.comment || undefined}>
      {cell.score !== null ? (
        <>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {formatPoints(cell.score)}
          </Box>
          <Box component="span" sx={{ color: 'text.secondary' }}>{` / ${formatPoints(column.maxScore)}`}</Box>
        </>
      ) : (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {cell.statusLabel}
        </Box>
      )}
    </Box>
  );
}

const FIRST_COL = { xs: 150, sm: 220 };
// the first column stays in view while the rest scrolls sideways; the header row while the rows scroll
const stickyFirst = {
  position: 'sticky',
  left: 0,
  zIndex: 2,
  bgcolor: 'background.paper',
  minWidth: FIRST_COL,
  maxWidth: FIRST_COL,
} as const;

function CellText({ cell }: { cell: Cell }) {
  if (cell.score !== null && (cell.status === 'GRADED' || cell.status === 'UNRELEASED')) {
    return (
      <>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {formatPoints(cell.score)}
        </Box>
        <Box component="span" sx={{ color: 'text.secondary' }}>{` / ${cell.maxScore}`}</Box>
        {cell.status === 'UNRELEASED' && (
          <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
            not released
          </Typography>
        )}
      </>
    );
  }
  const colour = cell.status === 'MISSING' ? 'error.main' : 'text.secondary';
  return (
    <Box component="span" sx={{ color: colour }}>
      {cell.statusLabel}
    </Box>
  );
}

/** The grading dashboard of a column's item. */
function submissionsPathOf(book: Book, assessmentId: string): string {
  const column = book.columns.find((c) => c.id === assessmentId);
  const kind = Object.values(GRADING_KINDS).find((k) => k.gql === column?.kind) ?? GRADING_KINDS.assignment;
  return kind.submissionsPath(assessmentId);
}

function GradebookTable({ book }: { book: Book }) {
  return (
    // focusable, so that keyboard users can scroll it sideways and down
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={{ maxHeight: '70vh' }}
      tabIndex={0}
      role="region"
      aria-label="Gradebook, scrollable"
    >
      <Table stickyHeader size="small" aria-label={`Gradebook of ${book.courseTitle}`}>
        <TableHead>
          <TableRow>
            {/* the corner: sticky both ways, above the header row and the first column */}
            <TableCell sx={{ ...stickyFirst, zIndex: 3, bgcolor: 'background.default' }}>Student</TableCell>
            <TableCell align="right">Average</TableCell>
            {book.columns.map((c) => (
              <TableCell key={c.id} align="right" sx={{ minWidth: 110 }}>
                {c.title}
                <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
                  {`${c.totalPoints} pts${c.visibleToStudents ? '' : ' · hidden'}${c.resultsShown ? '' : ' · not released'}`}
                </Typography>
              </TableCell>
            ))}
            {book.externalColumns.map((c) => (
              <TableCell key={c.id} align="right" sx={{ minWidth: 110 }}>
                {c.title}
                <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
                  {`${formatPoints(c.maxScore)} pts · ${c.category} · external`}
                </Typography>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {book.rows.nodes.length === 0 && (
            <TableRow>
              <TableCell colSpan={book.columns.length + book.externalColumns.length + 2}>No students in this course yet.</TableCell>
            </TableRow>
          )}
          {book.rows.nodes.map((r) => (
            <TableRow key={r.student.id} hover>
              <TableCell component="th" scope="row" sx={{ ...stickyFirst, overflowWrap: 'anywhere' }}>
                {`${r.student.lastName}, ${r.student.firstName}`}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {r.average === null ? '-' : `${r.average}%`}
              </TableCell>
              {r.cells.map((c) => (
                <TableCell key={c.assessmentId} align="right">
                  {c.submissionId ? (
                    // the cell opens the student's work on the item's grading dashboard (issue 25)
                    <Link
                      component={RouterLink}
                      to={`${submissionsPathOf(book, c.assessmentId)}?student=${encodeURIComponent(r.student.id)}`}
                      title="Open the submission"
                    >
                      <CellText cell={c} />
                    </Link>
                  ) : (
                    <CellText cell={c} />
                  )}
                </TableCell>
              ))}
              {book.externalColumns.map((c) => (
                <TableCell key={c.id} align="right">
                  <ExternalCellText column={c} studentId={r.student.id} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * /dashboard/courses/{courseId}/gradebook: the course's students x its assessments (the course's teachers,
 * SuperAdmin and Admin), each cell the score or the status, each student's course average as the student
 * sees it, and the CSV export.
 */
export function GradebookPage() {
  const { courseId = '' } = useParams();
  const g = useGradebook(courseId);
  useDocumentTitle(g.book ? `Gradebook ${g.book.courseTitle}` : g.notFound ? 'Course not found' : null);

  return (
    <>
      <BackLink to={pathTo('course', { courseId })}>Back to the course</BackLink>
      <Loaded loading={g.loading} error={g.loadError} value={g.notFound ? null : g.book} notFoundText="Course not found.">
        {(b) => (
          <>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h1" component="h1">
                  {`Gradebook: ${b.courseTitle}`}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                  Subject: {b.subjectName} · Class: {b.className} · Academic Year: {b.yearLabel}
                </Typography>
              </Box>
              <Button variant="outlined" startIcon={<DownloadIcon />} onClick={g.exportCsv} disabled={g.exporting}>
                Export CSV
              </Button>
            </Box>
            <Banner severity="error" message={g.exportError} onClose={g.clearExportError} />
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              The average is points earned over points possible of graded work whose results the student may see; hidden items and
              unreleased results count in neither. Columns marked external come from connected applications (OneRoster) and count in no
              average.
            </Typography>
            <GradebookTable book={b} />
          </>
        )}
      </Loaded>
    </>
  );
}
