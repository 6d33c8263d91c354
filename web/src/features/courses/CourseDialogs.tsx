import { useMemo, useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../app/errors';
import { FormDialog } from '../../components/FormDialog';
import { TreePicker, groupTree } from '../../components/TreePicker';
import { useReusableCoursesQuery } from './courses.generated';
import { validateCourse, type CourseFields, type CourseTarget } from './useMyCourses';

interface CourseFieldsProps {
  idPrefix: string;
  values: CourseFields;
  error: string | null;
  autoFocus?: boolean;
  onChange(values: CourseFields): void;
}

/** Course Code and Description. */
function CourseFieldInputs({ idPrefix, values, error, autoFocus, onChange }: CourseFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-title`}
        label="Course Code"
        required
        autoFocus={autoFocus}
        value={values.title}
        onChange={(e) => onChange({ ...values, title: e.target.value })}
        error={Boolean(error)}
        helperText={error ?? undefined}
      />
      <TextField
        id={`${idPrefix}-description`}
        label="Description"
        multiline
        minRows={3}
        value={values.description}
        onChange={(e) => onChange({ ...values, description: e.target.value })}
      />
    </>
  );
}

function targetText(t: CourseTarget): string {
  return `${t.subjectName} · ${t.className} · ${t.year}`;
}

interface CourseFormDialogProps {
  id: string;
  title: string;
  submitLabel: string;
  initial: CourseFields;
  subtitle?: string;
  onClose(): void;
  /** Resolves to an error text, or null on success (the dialog then closes). */
  onSave(fields: CourseFields): Promise<string | null>;
}

/** Create Course and Edit Course. */
export function CourseFormDialog({ id, title, submitLabel, initial, subtitle, onClose, onSave }: CourseFormDialogProps) {
  const [values, setValues] = useState<CourseFields>(initial);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const invalid = validateCourse(values);
    setFieldError(invalid);
    if (invalid) return;
    setSaving(true);
    const failed = await onSave(values);
    setSaving(false);
    if (failed) setError(failed);
    else onClose();
  };

  return (
    <FormDialog id={id} title={title} submitLabel={submitLabel} onClose={onClose} onSubmit={() => void submit()} submitting={saving} error={error}>
      {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
      <CourseFieldInputs
        idPrefix={id}
        autoFocus
        values={values}
        error={fieldError}
        onChange={(v) => {
          setValues(v);
          setFieldError(null);
        }}
      />
    </FormDialog>
  );
}

export function CreateCourseDialog({ target, onClose, onCreate }: {
  target: CourseTarget;
  onClose(): void;
  onCreate(target: CourseTarget, fields: CourseFields): Promise<string | null>;
}) {
  return (
    <CourseFormDialog
      id="create-course"
      title="Create Course"
      submitLabel="Create Course"
      subtitle={targetText(target)}
      initial={{ title: '', description: '' }}
      onClose={onClose}
      onSave={(fields) => onCreate(target, fields)}
    />
  );
}

/** Reuse Course: pick one of the teacher's courses of the subject (tree year -> class -> course), then name the copy. */
export function ReuseCourseDialog({ target, onClose, onReuse }: {
  target: CourseTarget;
  onClose(): void;
  onReuse(target: CourseTarget, courseId: string, fields: CourseFields): Promise<string | null>;
}) {
  const query = useReusableCoursesQuery({ variables: { subjectId: target.subjectId }, fetchPolicy: 'network-only' });
  const courses = useMemo(() => query.data?.reusableCourses ?? [], [query.data]);
  const nodes = useMemo(
    () =>
      groupTree(
        courses,
        [
          { key: (c) => c.academicYear.id, label: (c) => c.academicYear.year },
          { key: (c) => c.class.id, label: (c) => c.class.name },
        ],
        { key: (c) => c.id, label: (c) => c.title },
      ),
    [courses],
  );
  const [selected, setSelected] = useState<string | null>(null);
  const [values, setValues] = useState<CourseFields>({ title: '', description: '' });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const loadError = query.error ? errorMessage(query.error, 'Failed to fetch available courses for reuse') : null;

  const pick = (id: string) => {
    setSelected(id);
    const course = courses.find((c) => c.id === id);
    // selecting fills the description (and leaves an already typed course code alone)
    if (course) setValues((v) => ({ title: v.title, description: course.description }));
  };

  const submit = async () => {
    if (!selected) {
      setError('Please select a course to reuse');
      return;
    }
    const invalid = validateCourse(values);
    setFieldError(invalid);
    if (invalid) return;
    setSaving(true);
    const failed = await onReuse(target, selected, values);
    setSaving(false);
    if (failed) setError(failed);
    else onClose();
  };

  return (
    <FormDialog
      id="reuse-course"
      title="Reuse Course"
      submitLabel="Reuse Course"
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={saving}
      submitDisabled={!selected}
      error={error ?? loadError}
    >
      <Typography color="text.secondary">{targetText(target)}</Typography>
      <TreePicker
        label="Available courses"
        nodes={nodes}
        selectedId={selected}
        onSelect={pick}
        loading={query.loading && !query.data}
        emptyText="No courses available for reuse."
      />
      {!selected && (
        <Typography variant="body2" color="text.secondary">
          Please select a course to reuse
        </Typography>
      )}
      <CourseFieldInputs
        idPrefix="reuse-course"
        values={values}
        error={fieldError}
        onChange={(v) => {
          setValues(v);
          setFieldError(null);
        }}
      />
    </FormDialog>
  );
}
