import TextField from '@mui/material/TextField';

export interface TitleDescription {
  title: string;
  description: string;
}

interface TitleDescriptionFieldsProps {
  /** The fields' ids are `${idPrefix}-title` and `${idPrefix}-description`. */
  idPrefix: string;
  values: TitleDescription;
  onChange(key: keyof TitleDescription, value: string): void;
  /** 'Title', or 'Course Code' on the course forms. */
  titleLabel?: string;
  /** Marks the title required; the description never is. */
  required?: boolean;
  autoFocus?: boolean;
  /** The title's validation message. */
  error?: string | null;
  /** Shown under the title while it has no message. */
  help?: string;
  /** Height of the description box in lines. */
  rows?: number;
  disabled?: boolean;
}

/** A title and a free-text description: the fields the course, module and content forms have in common. */
export function TitleDescriptionFields(props: TitleDescriptionFieldsProps) {
  const { idPrefix, values, onChange, titleLabel = 'Title', required, autoFocus, error, help, rows = 3, disabled } = props;
  return (
    <>
      <TextField
        id={`${idPrefix}-title`}
        label={titleLabel}
        required={required}
        autoFocus={autoFocus}
        disabled={disabled}
        value={values.title}
        onChange={(e) => onChange('title', e.target.value)}
        error={Boolean(error)}
        helperText={error || help}
      />
      <TextField
        id={`${idPrefix}-description`}
        label="Description"
        multiline
        minRows={rows}
        disabled={disabled}
        value={values.description}
        onChange={(e) => onChange('description', e.target.value)}
      />
    </>
  );
}
