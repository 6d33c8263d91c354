import { useMemo, useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../app/errors';
import { FormDialog } from '../../components/FormDialog';
import { TreePicker, groupTree } from '../../components/TreePicker';
import type { ModuleType } from '../../gql/types';
import { useReusableModulesQuery } from './courses.generated';
import { moduleLabel } from './format';
import { MODULE_TYPES, validateModule, type ModuleErrors, type ModuleFields, type ModuleRow } from './useCourseModules';

interface ModuleDialogProps {
  /** The module to edit; absent to create one. */
  module?: ModuleRow;
  nextOrder: number;
  onClose(): void;
  onSave(fields: ModuleFields): Promise<string | null>;
}

/** Create Module / Edit Module: title, description, Week or Unit (default Week), order (default next, min 1), visible. */
export function ModuleDialog({ module, nextOrder, onClose, onSave }: ModuleDialogProps) {
  const [values, setValues] = useState<ModuleFields>(() =>
    module
      ? { title: module.title, description: module.description, moduleType: module.moduleType, order: String(module.order), isVisible: module.isVisible }
      : { title: '', description: '', moduleType: 'Week', order: String(nextOrder), isVisible: true },
  );
  const [errors, setErrors] = useState<ModuleErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof ModuleFields>(key: K, value: ModuleFields[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async () => {
    const found = validateModule(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    const failed = await onSave(values);
    setSaving(false);
    if (failed) setError(failed);
    else onClose();
  };

  return (
    <FormDialog
      id="module-dialog"
      title={module ? 'Edit Module' : 'Create Module'}
      submitLabel={module ? 'Update Module' : 'Create Module'}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={saving}
      error={error}
    >
      <TextField
        id="module-title"
        label="Title"
        required
        autoFocus
        value={values.title}
        onChange={(e) => set('title', e.target.value)}
        error={Boolean(errors.title)}
        helperText={errors.title}
      />
      <TextField
        id="module-description"
        label="Description"
        multiline
        minRows={3}
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
      />
      <TextField
        id="module-type"
        label="Module Type"
        select
        value={values.moduleType}
        onChange={(e) => set('moduleType', e.target.value as ModuleType)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {MODULE_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </TextField>
      <TextField
        id="module-order"
        label="Order"
        type="number"
        required
        value={values.order}
        onChange={(e) => set('order', e.target.value)}
        error={Boolean(errors.order)}
        helperText={errors.order}
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
      />
      <FormControlLabel
        control={<Checkbox id="module-visible" checked={values.isVisible} onChange={(e) => set('isVisible', e.target.checked)} />}
        label="Visible to students"
      />
    </FormDialog>
  );
}

interface ReuseModuleDialogProps {
  courseId: string;
  onClose(): void;
  onReuse(moduleId: string, fields: { title: string; description: string }): Promise<string | null>;
}

/** Reuse Module: tree year -> class -> course -> module; picking a module fills title and description. */
export function ReuseModuleDialog({ courseId, onClose, onReuse }: ReuseModuleDialogProps) {
  const query = useReusableModulesQuery({ variables: { courseId }, fetchPolicy: 'network-only' });
  const modules = useMemo(() => query.data?.reusableModules ?? [], [query.data]);
  const nodes = useMemo(
    () =>
      groupTree(
        modules,
        [
          { key: (m) => m.course.academicYear.id, label: (m) => m.course.academicYear.year },
          { key: (m) => m.course.class.id, label: (m) => m.course.class.name },
          { key: (m) => m.course.id, label: (m) => m.course.title },
        ],
        { key: (m) => m.id, label: (m) => `${moduleLabel(m)}: ${m.title}` },
      ),
    [modules],
  );
  const [selected, setSelected] = useState<string | null>(null);
  const [values, setValues] = useState({ title: '', description: '' });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const loadError = query.error ? errorMessage(query.error, 'Failed to fetch available modules for reuse') : null;

  const pick = (id: string) => {
    setSelected(id);
    const m = modules.find((x) => x.id === id);
    if (m) setValues({ title: m.title, description: m.description });
  };

  const submit = async () => {
    if (!selected) return;
    setSaving(true);
    const failed = await onReuse(selected, values);
    setSaving(false);
    if (failed) setError(failed);
    else onClose();
  };

  return (
    <FormDialog
      id="reuse-module"
      title="Reuse Module"
      submitLabel="Reuse Module"
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={saving}
      submitDisabled={!selected}
      error={error ?? loadError}
    >
      <TreePicker
        label="Available modules"
        nodes={nodes}
        selectedId={selected}
        onSelect={pick}
        loading={query.loading && !query.data}
        emptyText="No modules available for reuse."
      />
      {!selected && (
        <Typography variant="body2" color="text.secondary">
          Please select a module to reuse
        </Typography>
      )}
      <TextField
        id="reuse-module-title"
        label="Title"
        value={values.title}
        disabled={!selected}
        onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
      />
      <TextField
        id="reuse-module-description"
        label="Description"
        multiline
        minRows={2}
        value={values.description}
        disabled={!selected}
        onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
      />
    </FormDialog>
  );
}
