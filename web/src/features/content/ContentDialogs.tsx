import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../app/errors';
import { FormDialog } from '../../components/FormDialog';
import { TreePicker, groupTree } from '../../components/TreePicker';
import type { ContentType } from '../../gql/types';
import { useReusableContentsQuery } from './content.generated';
import { formatKb, moduleLabel } from '../courses/format';
import { CONTENT_TYPES, acceptFor, fileMatchesType, invalidTypeText } from './fileTypes';
import { validateUpload, type ContentFields, type ContentRow } from './useModuleDetail';

/** Stated in the help text (spec section 9); the server enforces it too. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

interface FieldsProps {
  values: ContentFields;
  titleRequired: boolean;
  titleError?: string;
  onChange(values: ContentFields): void;
}

function ContentFieldInputs({ values, titleRequired, titleError, onChange }: FieldsProps) {
  return (
    <>
      <TextField
        id="content-title"
        label="Title"
        required={titleRequired}
        autoFocus
        value={values.title}
        onChange={(e) => onChange({ ...values, title: e.target.value })}
        error={Boolean(titleError)}
        helperText={titleError ?? (titleRequired ? undefined : 'The file name is used when left empty')}
      />
      <TextField
        id="content-description"
        label="Description"
        multiline
        minRows={2}
        value={values.description}
        onChange={(e) => onChange({ ...values, description: e.target.value })}
      />
      <TextField
        id="content-type"
        label="Content Type"
        select
        value={values.contentType}
        onChange={(e) => onChange({ ...values, contentType: e.target.value as ContentType })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {CONTENT_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox id="content-visible" checked={values.isVisible} onChange={(e) => onChange({ ...values, isVisible: e.target.checked })} />}
        label="Visible to students"
      />
    </>
  );
}

interface AddContentDialogProps {
  /** Upload progress in percent while sending, else null. */
  progress: number | null;
  onClose(): void;
  onUpload(fields: ContentFields, file: File): Promise<string | null>;
}

/** Add Content: title, description, type (default PDF), visible, file; shows the upload progress in percent. */
export function AddContentDialog({ progress, onClose, onUpload }: AddContentDialogProps) {
  const [values, setValues] = useState<ContentFields>({ title: '', description: '', contentType: 'PDF', isVisible: true });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen && !fileMatchesType(chosen, values.contentType) ? invalidTypeText(values.contentType) : null);
  };

  const submit = async () => {
    const invalid = validateUpload(file, values.contentType) ?? (file && file.size > MAX_FILE_BYTES ? 'File is too large. Maximum size is 50MB.' : null);
    setFileError(invalid);
    if (invalid || !file) return;
    setSaving(true);
    setError(null);
    const failed = await onUpload(values, file);
    setSaving(false);
    if (failed) setError(failed);
    else onClose();
  };

  return (
    <FormDialog
      id="add-content"
      title="Add Content"
      submitLabel="Upload"
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={saving}
      error={error}
    >
      <ContentFieldInputs
        values={values}
        titleRequired={false}
        onChange={(v) => {
          setValues(v);
          if (file) setFileError(fileMatchesType(file, v.contentType) ? null : invalidTypeText(v.contentType));
        }}
      />
      <FormControl error={Boolean(fileError)}>
        <FormLabel htmlFor="content-file" required sx={{ mb: 1 }}>
          File
        </FormLabel>
        <input
          id="content-file"
          name="file"
          type="file"
          accept={acceptFor(values.contentType)}
          aria-describedby="content-file-help"
          aria-invalid={Boolean(fileError)}
          onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
        />
        {file && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {file.name} ({formatKb(file.size)})
          </Typography>
        )}
        <FormHelperText id="content-file-help">{fileError ?? 'Maximum file size: 50MB'}</FormHelperText>
      </FormControl>
      {progress !== null && (
        <Box>
          <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
          <Typography variant="body2" sx={{ mt: 0.5 }} role="status">
            Uploading... {progress}%
          </Typography>
        </Box>
      )}
    </FormDialog>
  );
}

interface EditContentDialogProps {
  content: ContentRow;
  onClose(): void;
  onSave(fields: ContentFields): Promise<string | null>;
}

export function EditContentDialog({ content, onClose, onSave }: EditContentDialogProps) {
  const [values, setValues] = useState<ContentFields>({
    title: content.title,
    description: content.description,
    contentType: content.contentType,
    isVisible: content.isVisible,
  });
  const [titleError, setTitleError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!values.title.trim()) {
      setTitleError('Title is required');
      return;
    }
    setSaving(true);
    const failed = await onSave(values);
    setSaving(false);
    if (failed) setError(failed);
    else onClose();
  };

  return (
    <FormDialog id="edit-content" title="Edit Content" submitLabel="Update Content" onClose={onClose} onSubmit={() => void submit()} submitting={saving} error={error}>
      <ContentFieldInputs
        values={values}
        titleRequired
        titleError={titleError}
        onChange={(v) => {
          setValues(v);
          setTitleError(undefined);
        }}
      />
      <Typography variant="body2" color="text.secondary">
        File: {content.fileName} ({formatKb(content.fileSize)})
      </Typography>
    </FormDialog>
  );
}

interface ReuseContentDialogProps {
  moduleId: string;
  onClose(): void;
  onReuse(contentId: string): Promise<string | null>;
}

/** Reuse Content: tree year -> class -> course -> module -> item; picking an item shows its title and description. */
export function ReuseContentDialog({ moduleId, onClose, onReuse }: ReuseContentDialogProps) {
  const query = useReusableContentsQuery({ variables: { moduleId }, fetchPolicy: 'network-only' });
  const items = useMemo(() => query.data?.reusableContents ?? [], [query.data]);
  const nodes = useMemo(
    () =>
      groupTree(
        items,
        [
          { key: (c) => c.module.course.academicYear.id, label: (c) => c.module.course.academicYear.year },
          { key: (c) => c.module.course.class.id, label: (c) => c.module.course.class.name },
          { key: (c) => c.module.course.id, label: (c) => c.module.course.title },
          { key: (c) => c.module.id, label: (c) => `${moduleLabel(c.module)}: ${c.module.title}` },
        ],
        { key: (c) => c.id, label: (c) => `${c.title} (${c.contentType})` },
      ),
    [items],
  );
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const picked = items.find((c) => c.id === selected);
  const loadError = query.error ? errorMessage(query.error, 'Failed to fetch available content for reuse') : null;

  const submit = async () => {
    if (!selected) return;
    setSaving(true);
    const failed = await onReuse(selected);
    setSaving(false);
    if (failed) setError(failed);
    else onClose();
  };

  return (
    <FormDialog
      id="reuse-content"
      title="Reuse Content"
      submitLabel="Reuse Content"
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={saving}
      submitDisabled={!selected}
      error={error ?? loadError}
    >
      <TreePicker
        label="Available content"
        nodes={nodes}
        selectedId={selected}
        onSelect={setSelected}
        loading={query.loading && !query.data}
        emptyText="No content available for reuse."
      />
      {picked ? (
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{picked.title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {picked.description || 'No description provided'}
          </Typography>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Please select content to reuse
        </Typography>
      )}
    </FormDialog>
  );
}
