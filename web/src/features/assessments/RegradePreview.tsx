import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AssessmentRegradePreviewQuery } from './assessments.generated';
import type { Kind } from '../../lib/assessmentKinds';

export type Regrade = AssessmentRegradePreviewQuery['assessmentRegradePreview'];

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Beyond the spec (DESIGN.md, editing after submissions): what saving an edit does to the submissions, shown in
 * the edit dialog before the teacher confirms.
 */
export function RegradePreview({ kind, regrade }: { kind: Kind; regrade: Regrade }) {
  const questions = regrade.regradedQuestionIds.length;
  return (
    <Alert severity="warning" role="status" aria-label="What saving changes">
      <Typography sx={{ fontWeight: 600 }}>{`This ${kind.key} has ${plural(regrade.submissionCount, 'submission')}.`}</Typography>
      <Typography variant="body2">
        {questions > 0
          ? `Saving recomputes the automatic grades of ${plural(questions, 'question')}; grades a teacher set are kept.`
          : 'Saving changes no automatic grades: no answer key was changed.'}
        {regrade.removedQuestionCount > 0 &&
          ` The grades of removed questions go from ${plural(regrade.removedQuestionCount, 'submission')}.`}
      </Typography>
      {regrade.changes.length > 0 ? (
        <Box component="ul" aria-label="Totals that change" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {regrade.changes.map((c) => (
            <li key={c.submissionId}>{`${c.studentName}: ${c.totalBefore} → ${c.totalAfter}`}</li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ mt: 1 }}>
          No total changes.
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        Press Save and Regrade to go ahead.
      </Typography>
    </Alert>
  );
}
