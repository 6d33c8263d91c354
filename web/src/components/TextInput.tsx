import type { ChangeEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

interface TextInputProps {
  id: string;
  label: string;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  name?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  /** Shown under the field in red; also marks the field invalid. */
  error?: string;
}

/**
 * A labelled outlined text field. Same look as MUI's TextField, without the Select
 * machinery TextField pulls in, so that the sign-in pages stay small.
 */
export function TextInput({ id, label, value, onChange, name, type = 'text', autoComplete, autoFocus, error }: TextInputProps) {
  const helperId = `${id}-helper-text`;
  return (
    <FormControl fullWidth margin="normal" variant="outlined" error={Boolean(error)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name ?? id}
        type={type}
        label={label}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-describedby={error ? helperId : undefined}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
