import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

/** The "Visible to students" checkbox of the module, content and announcement forms. */
export function VisibleCheckbox({ id, checked, onChange }: { id: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <FormControlLabel
      control={<Checkbox id={id} checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label="Visible to students"
    />
  );
}
