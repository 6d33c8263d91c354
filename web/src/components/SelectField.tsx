import TextField from '@mui/material/TextField';

interface SelectFieldProps<T extends string> {
  id: string;
  label: string;
  value: T;
  /** The choices, shown as they are unless `labels` names them in words. */
  options: readonly T[];
  labels?: Partial<Record<T, string>>;
  onChange(value: T): void;
  /** A line under the field that says what the choice means. */
  helperText?: string;
}

/** A labelled select over a fixed list, using the browser's own drop-down (the label stays shrunk above it). */
export function SelectField<T extends string>({ id, label, value, options, labels, onChange, helperText }: SelectFieldProps<T>) {
  return (
    <TextField
      id={id}
      label={label}
      select
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      helperText={helperText}
    >
      {options.map((t) => (
        <option key={t} value={t}>
          {labels?.[t] ?? t}
        </option>
      ))}
    </TextField>
  );
}
