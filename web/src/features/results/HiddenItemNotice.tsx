import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorMessage } from '../../lib/errors';
import { useShowItemToStudentsMutation, type ItemAccessFieldsFragment } from './results.generated';

/**
 * The reopen dialog's warning (issue 24): a hidden item (or a quiz of a hidden module) cannot be opened by the
 * student it is reopened for. "Show it to students" makes the item visible (the module stays as it is); the
 * reopen itself goes on either way.
 */
export function HiddenItemNotice({ item, noun, studentName }: { item: ItemAccessFieldsFragment; noun: string; studentName: string }) {
  const [show, showing] = useShowItemToStudentsMutation();
  const [error, setError] = useState<string | null>(null);
  const moduleHidden = item.module ? !item.module.isVisible : false;
  if (item.isVisible && !moduleHidden) return null;
  const thing = noun.toLowerCase();
  const submit = async () => {
    setError(null);
    try {
      await show({ variables: { id: item.id } });
    } catch (e) {
      setError(errorMessage(e, `Failed to update ${thing}`));
    }
  };
  return (
    <Alert
      severity="warning"
      role="status"
      action={
        !item.isVisible && (
          <Button color="inherit" size="small" onClick={() => void submit()} disabled={showing.loading}>
            Show it to students
          </Button>
        )
      }
    >
      {item.isVisible
        ? `This ${thing}'s module is hidden from students: ${studentName} cannot open it until you show the module.`
        : `This ${thing} is hidden from students: ${studentName} cannot open it until you show it.`}
      {error && ` ${error}`}
    </Alert>
  );
}
