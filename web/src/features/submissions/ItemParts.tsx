import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Banner } from '../../components/Banner';
import { BackLink } from '../../components/DetailPage';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { pointsText } from './myItems';
import { notFoundText, notFoundTitle, type StudentKind } from './studentKinds';
import type { StudentAssessmentHeaderFragment } from './submissions.generated';
import { QuestionImages, type QuestionImageRef } from '../../components/QuestionImages';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

interface FrameProps {
  kind: StudentKind;
  loading: boolean;
  loadError: string | null;
  notFound: boolean;
  /** The tab's title once the item has loaded. */
  title: string | null;
  children: ReactNode;
}

/** The submit and view pages' states: the back link, then a spinner, the error, 'Assignment not found', or the page. */
export function ItemFrame({ kind, loading, loadError, notFound, title, children }: FrameProps) {
  useDocumentTitle(notFound ? notFoundTitle(kind) : title);
  return (
    <>
      <BackLink to={kind.listPath}>{`Back to ${kind.listTitle}`}</BackLink>
      {loading ? (
        <Spinner />
      ) : loadError ? (
        <Banner severity="error" message={loadError} />
      ) : notFound ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
            {notFoundTitle(kind)}
          </Typography>
          <Typography color="text.secondary">{notFoundText(kind)}</Typography>
        </Paper>
      ) : (
        children
      )}
    </>
  );
}

/**
 * The item's header (section 2): title, the due date that applies ('Extended due date (Original: ...)' when it was
 * extended), description, the instructions box and Total Points.
 */
export function ItemHeader({ item, children }: { item: StudentAssessmentHeaderFragment; children?: ReactNode }) {
  const status = item.myStatus;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {item.title}
      </Typography>
      <Typography>
        <strong>Due:</strong> {formatDateTime(status?.dueDate ?? item.dueDate)}
      </Typography>
      {status?.isExtended && (
        <Typography color="success.dark">{`Extended due date (Original: ${formatDateTime(status.originalDueDate)})`}</Typography>
      )}
      {item.description && <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{item.description}</Typography>}
      {item.instructions && (
        <Box
          component="section"
          aria-label="Instructions"
          sx={{ mt: 2, p: 2, borderRadius: 1, bgcolor: '#e3f2fd', borderLeft: 4, borderColor: 'primary.main' }}
        >
          <Typography sx={{ fontWeight: 600, mb: 0.5 }}>Instructions</Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{item.instructions}</Typography>
        </Box>
      )}
      <Typography sx={{ mt: 2 }}>
        <strong>Total Points:</strong> {item.totalPoints}
      </Typography>
      {children}
    </Paper>
  );
}

/** 'Question 3' with its points, and the question's text. */
export function QuestionHeading({
  n,
  points,
  text,
  images,
}: {
  n: number;
  points: number;
  text: string;
  images?: readonly QuestionImageRef[];
}) {
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem' }}>
          {`Question ${n}`}
        </Typography>
        <Typography color="text.secondary">{pointsText(points)}</Typography>
      </Box>
      <Typography sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>{text}</Typography>
      <QuestionImages images={images} />
    </>
  );
}
