import IconButton from '@mui/material/IconButton';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';

interface EditDeleteButtonsProps {
  /** Completes the buttons' accessible names: 'module Fractions' gives 'Edit module Fractions'. */
  name: string;
  /** Left out: no edit icon (the server's abilities may allow one action without the other). */
  onEdit?(): void;
  onDelete?(): void;
}

/** The edit and delete icons of a list row or card; the caller lays them out beside its other buttons. */
export function EditDeleteButtons({ name, onEdit, onDelete }: EditDeleteButtonsProps) {
  return (
    <>
      {onEdit && (
        <IconButton size="small" color="primary" aria-label={`Edit ${name}`} onClick={onEdit}>
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {onDelete && (
        <IconButton size="small" color="error" aria-label={`Delete ${name}`} onClick={onDelete}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </>
  );
}
