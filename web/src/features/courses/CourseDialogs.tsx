import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/FormDialog';
import { ReuseDialog, type ReuseTree } from '../../components/ReuseDialog';
import { TitleDescriptionFields } from '../../components/TitleDescriptionFields';
import { useDialogForm } from '../../components/useDialogForm';
import { useReusableCoursesQuery, type ReusableCoursesQuery } from './courses.generated';
import { validateCourse, type CourseFields, type CourseTarget } from './useMyCourses';

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

/** Create Course and Edit Course: Course Code and Description. */
export function CourseFormDialog({ id, title, submitLabel, initial, subtitle, onClose, onSave }: CourseFormDialogProps) {
  const form = useDialogForm<CourseFields>(initial, onClose);
  const submit = form.submitWith((v) => ({ title: validateCourse(v) ?? undefined }), onSave);

  return (
    <FormDialog id={id} title={title} submitLabel={submitLabel} onSubmit={submit} {...form.dialog}>
      {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
      <TitleDescriptionFields
        idPrefix={id}
        titleLabel="Course Code"
        required
        autoFocus
        values={form.values}
        error={form.errors.title}
        // any edit clears the code's message: the form has one check for both fields
        onChange={(key, value) => form.replace({ ...form.values, [key]: value })}
      />
    </FormDialog>
  );
}

export function CreateCourseDialog({
  target,
  onClose,
  onCreate,
}: {
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

const COURSE_TREE: ReuseTree<ReusableCoursesQuery['reusableCourses'][number]> = {
  levels: [
    { key: (c) => c.academicYear.id, label: (c) => c.academicYear.year },
    { key: (c) => c.class.id, label: (c) => c.class.name },
  ],
  leaf: { key: (c) => c.id, label: (c) => c.title },
};

/** Reuse Course: pick one of the teacher's courses of the subject (tree year -> class -> course), then name the copy. */
export function ReuseCourseDialog({
  target,
  onClose,
  onReuse,
}: {
  target: CourseTarget;
  onClose(): void;
  onReuse(target: CourseTarget, courseId: string, fields: CourseFields): Promise<string | null>;
}) {
  const query = useReusableCoursesQuery({ variables: { subjectId: target.subjectId }, fetchPolicy: 'network-only' });
  const [values, setValues] = useState<CourseFields>({ title: '', description: '' });
  const [fieldError, setFieldError] = useState<string | null>(null);

  const validate = () => {
    const invalid = validateCourse(values);
    setFieldError(invalid);
    return !invalid;
  };

  return (
    <ReuseDialog
      id="reuse-course"
      title="Reuse Course"
      treeLabel="Available courses"
      emptyText="No courses available for reuse."
      prompt="Please select a course to reuse"
      query={query}
      items={query.data?.reusableCourses}
      loadFailedText="Failed to fetch available courses for reuse"
      tree={COURSE_TREE}
      intro={<Typography color="text.secondary">{targetText(target)}</Typography>}
      // picking fills the description and leaves an already typed course code alone
      onPick={(course) => setValues((v) => ({ title: v.title, description: course.description }))}
      validate={validate}
      onReuse={(courseId) => onReuse(target, courseId, values)}
      onClose={onClose}
    >
      {() => (
        <TitleDescriptionFields
          idPrefix="reuse-course"
          titleLabel="Course Code"
          required
          values={values}
          error={fieldError}
          onChange={(key, value) => {
            setValues({ ...values, [key]: value });
            setFieldError(null);
          }}
        />
      )}
    </ReuseDialog>
  );
}
