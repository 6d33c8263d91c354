import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import { Link as RouterLink } from 'react-router-dom';
import { EditDeleteButtons } from '../../components/EditDeleteButtons';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { EmptyRow, TitleCell, VisibilityChip } from '../../components/TableCells';
import { formatDateTime } from '../../lib/format';
import { ReleaseResults } from '../results/ReleaseResults';
import type { AssessmentScope, ResultVisibility } from '../../gql/types';
import { RESULT_VISIBILITY_LABEL } from '../assessment-form/fields';
import type { Kind } from '../../lib/assessmentKinds';

/** An individually targeted item says so (it looked like a whole-class one). */
function targetsLabel(targets: readonly { id: string }[] | null | undefined): string {
  if (!targets) return 'Selected students';
  return targets.length === 1 ? 'For 1 student' : `For ${targets.length} students`;
}

/** What a row shows (the tab's fragment). */
export interface AssessmentRowData {
  id: string;
  title: string;
  description: string;
  dueDate: string;
  totalPoints: number;
  resultVisibility: ResultVisibility;
  isVisible: boolean;
  scope: AssessmentScope;
  targetStudents?: readonly { id: string }[] | null;
  /** The server's abilities: edit for the course's teachers, delete also for SuperAdmin and Admin. */
  viewerCanManage: boolean;
  viewerCanDelete: boolean;
  resultsReleasedAt: string | null;
  resultsReleasedByName: string | null;
}

interface AssessmentTableProps<R extends AssessmentRowData> {
  kind: Kind;
  rows: readonly R[];
  onEdit(row: R): void;
  onDelete(row: R): void;
  /** The rows sit in a hidden module: hidden from students whatever their own switch says. */
  inHiddenModule?: boolean;
}

/**
 * The Assignments, Exams and Quizzes tables (spec section 2): Title (with the description cut at 50 characters),
 * Due Date with the time, Points, Results Visibility, Access, Actions (view submissions, edit, delete).
 */
export function AssessmentTable<R extends AssessmentRowData>({
  kind,
  rows,
  onEdit,
  onDelete,
  inHiddenModule = false,
}: AssessmentTableProps<R>) {
  return (
    <ResponsiveTable
      columns={['Title', 'Due Date', 'Points', 'Results Visibility', 'Access', 'Actions']}
      container={Paper}
      containerProps={{ variant: 'outlined' }}
      size="small"
      aria-label={kind.plural}
    >
      <TableHead>
        <TableRow>
          <TableCell>Title</TableCell>
          <TableCell>Due Date</TableCell>
          <TableCell>Points</TableCell>
          <TableCell>Results Visibility</TableCell>
          <TableCell>Access</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 && <EmptyRow colSpan={6} text={kind.emptyText} />}
        {rows.map((a) => (
          <TableRow key={a.id} hover>
            <TitleCell title={a.title} description={a.description} />
            <TableCell>{formatDateTime(a.dueDate)}</TableCell>
            <TableCell>{a.totalPoints}</TableCell>
            <TableCell>
              {RESULT_VISIBILITY_LABEL[a.resultVisibility]}
              {a.resultVisibility === 'MANUAL' && (
                <Box sx={{ mt: 0.5 }}>
                  <ReleaseResults item={a} title={a.title} />
                </Box>
              )}
            </TableCell>
            <TableCell>
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                <VisibilityChip
                  visible={a.isVisible && !inHiddenModule}
                  hiddenLabel={a.isVisible ? 'Hidden: the module is hidden' : 'Hidden from students'}
                />
                {a.scope === 'INDIVIDUAL_STUDENTS' && <Chip size="small" variant="outlined" label={targetsLabel(a.targetStudents)} />}
              </Box>
            </TableCell>
            <TableCell align="right">
              <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
                {/* the submissions are for the course's teachers and the administrators (who may delete) */}
                {(a.viewerCanManage || a.viewerCanDelete) && (
                  <Tooltip title="View submissions">
                    <IconButton
                      component={RouterLink}
                      to={kind.submissionsPath(a.id)}
                      size="small"
                      color="primary"
                      aria-label={`View submissions of ${a.title}`}
                    >
                      <AssignmentTurnedInIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                <EditDeleteButtons
                  name={`${kind.key} ${a.title}`}
                  onEdit={a.viewerCanManage ? () => onEdit(a) : undefined}
                  onDelete={a.viewerCanDelete ? () => onDelete(a) : undefined}
                />
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ResponsiveTable>
  );
}
