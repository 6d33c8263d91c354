import TextField from '@mui/material/TextField';
import { ANY_TAG, anyTagLabel } from './labels';
import type { BankRow } from './useQuestionBanks';

interface BankSelectProps {
  id: string;
  label?: string;
  banks: readonly BankRow[];
  value: string;
  onChange(bankId: string): void;
  error?: string;
}

/** A native select of question banks ('Algebra basics (Mathematics)'), with an empty first choice. */
export function BankSelect({ id, label = 'Bank', banks, value, onChange, error }: BankSelectProps) {
  return (
    <TextField
      id={id}
      label={label}
      select
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">Choose a bank</option>
      {banks.map((b) => (
        <option key={b.id} value={b.id}>
          {`${b.name} (${b.subject.name})`}
        </option>
      ))}
    </TextField>
  );
}

/** A native select of a bank's tags, 'All tags' first; as wide as its box. */
export function TagSelect({
  id,
  label = 'Tag',
  tags,
  value,
  onChange,
}: {
  id: string;
  label?: string;
  tags: readonly string[];
  value: string;
  onChange(tag: string): void;
}) {
  return (
    <TextField
      id={id}
      label={label}
      select
      fullWidth
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {[ANY_TAG, ...tags].map((t) => (
        <option key={t} value={t}>
          {anyTagLabel(t)}
        </option>
      ))}
    </TextField>
  );
}
