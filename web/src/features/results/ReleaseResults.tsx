import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/FormDialog';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { ReleaseCountDocument, useReleaseResultsMutation, type ItemReleaseFieldsFragment } from './results.generated';

export const RELEASE_FAILED_TEXT = 'Failed to release results';

/** "Released on ... by ..." (the teacher's name when the account still exists). */
export function releasedText(item: Pick<ItemReleaseFieldsFragment, 'resultsReleasedAt' | 'resultsReleasedByName'>): string | null {
  if (!item.resultsReleasedAt) return null;
  return `Released on ${formatDateTime(item.resultsReleasedAt)}${item.resultsReleasedByName ? ` by ${item.resultsReleasedByName}` : ''}`;
}

const studentsText = (n: number) => `${n} student${n === 1 ? '' : 's'}`;

interface ReleaseResultsProps {
  item: ItemReleaseFieldsFragment;
  title: string;
  /** Graded submissions, when the page knows them (the dashboard); otherwise asked when the dialog opens. */
  gradedCount?: number;
}

/**
 * "Release results" of a Manual item (issue 24): until then its students and their parents see no score. The
 * course's teachers confirm with the number of students whose graded work it shows; afterwards every viewer
 * reads "Released on ... by ...". Other items show nothing.
 */
export function ReleaseResults({ item, title, gradedCount }: ReleaseResultsProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const client = useApolloClient();
  const [asked, setAsked] = useState<number | null>(null);
  const [release, releasing] = useReleaseResultsMutation();
  if (item.resultVisibility !== 'MANUAL') return null;
  const released = releasedText(item);
  if (released) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {released}
      </Typography>
    );
  }
  if (!item.viewerCanManage) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        Results not released
      </Typography>
    );
  }
  const n = gradedCount ?? asked;
  const start = async () => {
    setError(null);
    setOpen(true);
    if (gradedCount !== undefined) return;
    // no-cache: the dashboard's cached object is not this one's to overwrite
    try {
      const { data } = await client.query({ query: ReleaseCountDocument, variables: { assessmentId: item.id }, fetchPolicy: 'no-cache' });
      setAsked(data?.gradingDashboard.gradedCount ?? 0);
    } catch (e) {
      setError(errorMessage(e, RELEASE_FAILED_TEXT));
    }
  };
  const submit = async () => {
    setError(null);
    try {
      await release({ variables: { assessmentId: item.id } });
      setOpen(false);
    } catch (e) {
      setError(errorMessage(e, RELEASE_FAILED_TEXT));
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => void start()} aria-label={`Release results of ${title}`}>
        Release results
      </Button>
      {open && (
        <FormDialog
          id={`release-${item.id}`}
          title="Release results"
          submitLabel="Release results"
          onClose={() => setOpen(false)}
          onSubmit={() => void submit()}
          submitting={releasing.loading}
          submitDisabled={n === null}
          error={error}
          maxWidth="xs"
        >
          <Typography>
            {n === null
              ? 'Counting the graded work…'
              : `${studentsText(n)} will see their score and feedback on ${title}, and their parents too. Work graded later shows as soon as it is graded.`}
          </Typography>
        </FormDialog>
      )}
    </>
  );
}
