import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../components/FormDialog';
import { ReuseDialog, type ReuseTree } from '../../components/ReuseDialog';
import { SelectField } from '../../components/SelectField';
import { TitleDescriptionFields, type TitleDescription } from '../../components/TitleDescriptionFields';
import { useDialogForm } from '../../components/useDialogForm';
import { VisibleCheckbox } from '../../components/VisibleCheckbox';
import { useReusableModulesQuery, type ReusableModuleFragment } from './courses.generated';
import { MODULE_TYPE_LABEL, moduleLabel } from '../../lib/format';
import { MODULE_TYPES, validateModule, type ModuleFields, type ModuleRow } from './useCourseModules';

interface ModuleDialogProps {
  /** The module to edit; absent to create one. */
  module?: ModuleRow;
  nextOrder: number;
  onClose(): void;
  onSave(fields: ModuleFields): Promise<string | null>;
}

/** Create Module / Edit Module: title, description, Week or Unit (default Week), order (default next, min 1), visible. */
export function ModuleDialog({ module, nextOrder, onClose, onSave }: ModuleDialogProps) {
  const form = useDialogForm<ModuleFields>(
    () =>
      module
        ? {
            title: module.title,
            description: module.description,
            moduleType: module.moduleType,
            order: String(module.order),
            isVisible: module.isVisible,
          }
        : { title: '', description: '', moduleType: 'WEEK', order: String(nextOrder), isVisible: true },
    onClose,
  );

  return (
    <FormDialog
      id="module-dialog"
      title={module ? 'Edit Module' : 'Create Module'}
      submitLabel={module ? 'Update Module' : 'Create Module'}
      onSubmit={form.submitWith(validateModule, onSave)}
      {...form.dialog}
    >
      <TitleDescriptionFields idPrefix="module" required autoFocus values={form.values} error={form.errors.title} onChange={form.set} />
      <SelectField
        id="module-type"
        label="Module Type"
        value={form.values.moduleType}
        options={MODULE_TYPES}
        labels={MODULE_TYPE_LABEL}
        onChange={(t) => form.set('moduleType', t)}
      />
      <TextField
        id="module-order"
        label="Order"
        type="number"
        required
        {...form.text('order')}
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
      />
      <VisibleCheckbox id="module-visible" checked={form.values.isVisible} onChange={(v) => form.set('isVisible', v)} />
    </FormDialog>
  );
}

const MODULE_TREE: ReuseTree<ReusableModuleFragment> = {
  levels: [
    { key: (m) => m.course.academicYear.id, label: (m) => m.course.academicYear.year },
    { key: (m) => m.course.class.id, label: (m) => m.course.class.name },
    { key: (m) => m.course.id, label: (m) => m.course.title },
  ],
  leaf: { key: (m) => m.id, label: (m) => `${moduleLabel(m)}: ${m.title}` },
};

interface ReuseModuleDialogProps {
  courseId: string;
  onClose(): void;
  onReuse(moduleId: string, fields: TitleDescription): Promise<string | null>;
}

/** Reuse Module: tree year -> class -> course -> module; picking a module fills title and description. */
export function ReuseModuleDialog({ courseId, onClose, onReuse }: ReuseModuleDialogProps) {
  const query = useReusableModulesQuery({ variables: { courseId }, fetchPolicy: 'network-only' });
  const [values, setValues] = useState<TitleDescription>({ title: '', description: '' });

  return (
    <ReuseDialog
      id="reuse-module"
      title="Reuse Module"
      treeLabel="Available modules"
      emptyText="No modules available for reuse."
      prompt="Please select a module to reuse"
      query={query}
      items={query.data?.reusableModules}
      loadFailedText="Failed to fetch available modules for reuse"
      tree={MODULE_TREE}
      onPick={(m) => setValues({ title: m.title, description: m.description })}
      onReuse={(moduleId) => onReuse(moduleId, values)}
      onClose={onClose}
    >
      {(picked) => (
        <TitleDescriptionFields
          idPrefix="reuse-module"
          values={values}
          rows={2}
          disabled={!picked}
          onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
        />
      )}
    </ReuseDialog>
  );
}
