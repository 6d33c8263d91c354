import TextField from '@mui/material/TextField';
import type { AcademicYearItemFragment } from './academic.generated';
import { Wide } from './AcademicParts';
import type { FormApi } from './academicShared';

type Values = Record<string, unknown>;
/** The form fields that hold text (the values' index signature left out). */
type TextKey<V> = keyof { [K in keyof V as string extends K ? never : V[K] extends string ? K : never]: V[K] } & string;

interface FormTextProps<V extends Values> {
  form: FormApi<V>;
  /** Also the input's name. */
  field: TextKey<V>;
  id: string;
  label: string;
  placeholder: string;
  maxLength: number;
  autoFocus?: boolean;
}

/** A required one-line text field of a management form, its error message under it. */
export function FormText<V extends Values>({ form, field, id, label, placeholder, maxLength, autoFocus }: FormTextProps<V>) {
  return (
    <TextField
      id={id}
      label={label}
      name={field}
      required
      autoFocus={autoFocus}
      placeholder={placeholder}
      autoComplete="off"
      value={form.values[field]}
      // TextKey admits only fields whose value is text, which TypeScript cannot follow through V[K]
      onChange={(e) => form.setField(field, e.target.value as V[TextKey<V>])}
      error={Boolean(form.errors[field])}
      helperText={form.errors[field]}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
}

interface FormDateProps<V extends Values> {
  form: FormApi<V>;
  /** Also the input's name. */
  field: TextKey<V>;
  id: string;
  label: string;
  required?: boolean;
}

/** A day (YYYY-MM-DD, the browser's date picker) of a management form, its error message under it. */
export function FormDate<V extends Values>({ form, field, id, label, required }: FormDateProps<V>) {
  return (
    <TextField
      id={id}
      label={label}
      name={field}
      type="date"
      required={required}
      value={form.values[field]}
      onChange={(e) => form.setField(field, e.target.value as V[TextKey<V>])}
      error={Boolean(form.errors[field])}
      helperText={form.errors[field]}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** The optional, full-width description of classes and subjects. */
export function DescriptionField<V extends Values & { description: string }>({ form, id }: { form: FormApi<V>; id: string }) {
  return (
    <Wide>
      <TextField
        id={id}
        label="Description"
        name="description"
        fullWidth
        multiline
        minRows={2}
        value={form.values.description}
        onChange={(e) => form.setField('description', e.target.value as V['description'])}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </Wide>
  );
}

/** The options of a native year select: the empty choice first, then the years as listed. */
function YearOptions({ years, empty }: { years: AcademicYearItemFragment[]; empty: string }) {
  return (
    <>
      <option value="">{empty}</option>
      {years.map((y) => (
        <option key={y.id} value={y.id}>
          {y.year}
        </option>
      ))}
    </>
  );
}

interface YearSelectProps {
  id: string;
  years: AcademicYearItemFragment[];
  loading: boolean;
  value: string;
  error: string | undefined;
  onChange(yearId: string): void;
}

/** The required academic year of a class or an allocation. */
export function YearSelect({ id, years, loading, value, error, onChange }: YearSelectProps) {
  return (
    <TextField
      id={id}
      label="Academic Year"
      name="academicYear"
      required
      select
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <YearOptions years={years} empty={loading ? 'Loading...' : 'Select an academic year'} />
    </TextField>
  );
}

interface YearFilterProps {
  id: string;
  years: AcademicYearItemFragment[];
  value: string;
  onChange(yearId: string): void;
}

/** The list's "Show academic year" filter ('' shows all years). */
export function YearFilter({ id, years, value, onChange }: YearFilterProps) {
  return (
    <TextField
      id={id}
      label="Show academic year"
      select
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 200 }}
    >
      <YearOptions years={years} empty="All Academic Years" />
    </TextField>
  );
}
