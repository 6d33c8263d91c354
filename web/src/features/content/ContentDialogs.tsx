import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/FormDialog';
import { ReuseDialog, type ReuseTree } from '../../components/ReuseDialog';
import { SelectField } from '../../components/SelectField';
import { TitleDescriptionFields } from '../../components/TitleDescriptionFields';
import { useDialogForm } from '../../components/useDialogForm';
import { VisibleCheckbox } from '../../components/VisibleCheckbox';
import { useReusableContentsQuery, type ReusableContentsQuery } from './content.generated';
import { formatKb, moduleLabel } from '../../lib/format';
import { CONTENT_TYPES, CONTENT_TYPE_LABEL, acceptFor, fileMatchesType, invalidTypeText } from '../../lib/fileTypes';
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
      <TitleDescriptionFields
        idPrefix="content"
        required={titleRequired}
        autoFocus
        values={values}
        error={titleError}
        help={titleRequired ? undefined : 'The file name is used when left empty'}
        rows={2}
        onChange={(key, value) => onChange({ ...values, [key]: value })}
      />
      <SelectField
        id="content-type"
        label="Content Type"
        value={values.contentType}
        options={CONTENT_TYPES}
        labels={CONTENT_TYPE_LABEL}
        onChange={(contentType) => onChange({ ...values, contentType })}
      />
      <VisibleCheckbox id="content-visible" checked={values.isVisible} onChange={(isVisible) => onChange({ ...values, isVisible })} />
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
  const form = useDialogForm<ContentFields>({ title: '', description: '', contentType: 'PDF', isVisible: true }, onClose);
  const { values } = form;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen && !fileMatchesType(chosen, values.contentType) ? invalidTypeText(values.contentType) : null);
  };

  const submit = () => {
    const invalid =
      validateUpload(file, values.contentType) ?? (file && file.size > MAX_FILE_BYTES ? 'File is too large. Maximum size is 50MB.' : null);
    setFileError(invalid);
    if (invalid || !file) return;
    // the last attempt's failure goes while this one uploads: the progress shows in its place
    form.setError(null);
    void form.save((v) => onUpload(v, file));
  };

  return (
    <FormDialog id="add-content" title="Add Content" submitLabel="Upload" onSubmit={submit} {...form.dialog}>
      <ContentFieldInputs
        values={values}
        titleRequired={false}
        onChange={(v) => {
          form.replace(v);
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
  const form = useDialogForm<ContentFields>(
    { title: content.title, description: content.description, contentType: content.contentType, isVisible: content.isVisible },
    onClose,
  );
  const submit = form.submitWith((v) => ({ title: v.title.trim() ? undefined : 'Title is required' }), onSave);

  return (
    <FormDialog id="edit-content" title="Edit Content" submitLabel="Update Content" onSubmit={submit} {...form.dialog}>
      <ContentFieldInputs values={form.values} titleRequired titleError={form.errors.title} onChange={form.replace} />
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

const CONTENT_TREE: ReuseTree<ReusableContentsQuery['reusableContents'][number]> = {
  levels: [
    { key: (c) => c.module.course.academicYear.id, label: (c) => c.module.course.academicYear.year },
    { key: (c) => c.module.course.class.id, label: (c) => c.module.course.class.name },
    { key: (c) => c.module.course.id, label: (c) => c.module.course.title },
    { key: (c) => c.module.id, label: (c) => `${moduleLabel(c.module)}: ${c.module.title}` },
  ],
  leaf: { key: (c) => c.id, label: (c) => `${c.title} (${CONTENT_TYPE_LABEL[c.contentType]})` },
};

/** Reuse Content: tree year -> class -> course -> module -> item; picking an item shows its title and description. */
export function ReuseContentDialog({ moduleId, onClose, onReuse }: ReuseContentDialogProps) {
  const query = useReusableContentsQuery({ variables: { moduleId }, fetchPolicy: 'network-only' });
  return (
    <ReuseDialog
      id="reuse-content"
      title="Reuse Content"
      treeLabel="Available content"
      emptyText="No content available for reuse."
      prompt="Please select content to reuse"
      query={query}
      items={query.data?.reusableContents}
      loadFailedText="Failed to fetch available content for reuse"
      tree={CONTENT_TREE}
      onReuse={onReuse}
      onClose={onClose}
    >
      {(picked) =>
        picked && (
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{picked.title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {picked.description || 'No description provided'}
            </Typography>
          </Box>
        )
      }
    </ReuseDialog>
  );
}
