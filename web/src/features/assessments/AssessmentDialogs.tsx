import { useEffect, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import { errorMessage } from '../../lib/errors';
import { Spinner } from '../../components/Spinner';
import { useAssessmentForEditQuery } from './assessments.generated';
import { AssessmentDialog } from './AssessmentDialog';
import { emptyFields, fieldsFrom, type AssessmentFields } from '../assessment-form/fields';
import { loadForEditFailedText, type Kind } from '../../lib/assessmentKinds';
import type { ListOwner } from './useAssessments';

interface CreateProps {
  kind: Kind;
  owner: ListOwner;
  onClose(): void;
  onSave(fields: AssessmentFields): Promise<string | null>;
}

export function CreateAssessmentDialog({ kind, owner, onClose, onSave }: CreateProps) {
  return (
    <AssessmentDialog kind={kind} initial={emptyFields()} editing={false} studentsOf={owner.input} onClose={onClose} onSave={onSave} />
  );
}

interface EditProps extends CreateProps {
  id: string;
  /** What to show before saving (the regrade preview), or null to save at once. */
  preview(fields: AssessmentFields): Promise<ReactNode | null>;
  /** The details could not be loaded: 'Failed to load quiz details for editing' (or the server's message). */
  onLoadFailed(message: string): void;
}

/** Edit: the item's questions (with their keys) are asked for when the dialog opens. */
export function EditAssessmentDialog({ kind, owner, id, onClose, onSave, preview, onLoadFailed }: EditProps) {
  const query = useAssessmentForEditQuery({ variables: { id }, fetchPolicy: 'network-only' });
  const failed = query.error ? errorMessage(query.error, loadForEditFailedText(kind)) : null;

  useEffect(() => {
    if (failed) onLoadFailed(failed);
  }, [failed, onLoadFailed]);

  const item = query.data?.assessment;
  if (failed) return null;
  if (!item) {
    return (
      <Dialog open onClose={onClose} aria-label={`Edit ${kind.noun}`}>
        <Spinner />
      </Dialog>
    );
  }
  return (
    <AssessmentDialog
      kind={kind}
      initial={fieldsFrom(item)}
      editing
      studentsOf={owner.input}
      onClose={onClose}
      onSave={onSave}
      preview={preview}
      assessmentId={id}
    />
  );
}
