import type { ReactNode } from 'react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { FormCard, ListCard, ManagementPage, RowActions, type ListCardProps } from './AcademicParts';
import { useFormState, type FieldErrors, type FormApi } from './academicShared';
import type { ManagedList } from './useManagedList';

type Values = Record<string, unknown>;

export interface ManagedFormSpec<V extends Values> {
  id: string;
  createTitle: string;
  editTitle: string;
  validate(values: V): FieldErrors<keyof V & string>;
  /** The entity's fields; `editing` is true in edit mode (the first field then takes the focus). */
  fields(form: FormApi<V>, editing: boolean): ReactNode;
}

interface ManagedPageProps<Row extends { id: string; version: number }, V extends Values> {
  title: string;
  /** From `useManagedList`. */
  m: ManagedList<Row, V>;
  form: ManagedFormSpec<V>;
  /** The list card; the scaffold adds the Actions column. */
  list: Omit<ListCardProps, 'loading' | 'count' | 'children'>;
  /** The row's cells before its actions. */
  cells(row: Row): ReactNode;
  /** What the row is, for its actions' names ("Edit {label}", "Delete {label}"). */
  rowLabel(row: Row): string;
  /** Shown between the form and the list (e.g. what lies inside the item being edited). */
  between?: ReactNode;
}

/**
 * An academic management page (platform.md sections 2, 5, 6): the permission text, or the banners, the
 * create/edit form and the list whose rows have edit and delete actions.
 */
export function ManagedPage<Row extends { id: string; version: number }, V extends Values>(props: ManagedPageProps<Row, V>) {
  const { title, m, form, list, cells, rowLabel, between } = props;
  return (
    <ManagementPage title={title} allowed={m.canManage} banners={m.banners}>
      <ManagedForm
        key={m.formKey}
        spec={form}
        initial={m.initial}
        editing={Boolean(m.editId)}
        loading={m.editLoading}
        saving={m.saving}
        onSave={m.save}
        onCancel={m.leaveEdit}
      />
      {between}
      <ListCard {...list} columns={[...list.columns, 'Actions']} loading={m.listLoading} count={m.rows.length}>
        {m.rows.map((row) => (
          <TableRow key={row.id} hover selected={row.id === m.editId}>
            {cells(row)}
            <TableCell align="right">
              <RowActions
                label={rowLabel(row)}
                onEdit={() => m.startEdit(row.id)}
                onDelete={() => void m.remove(row)}
                deleting={m.deleting}
              />
            </TableCell>
          </TableRow>
        ))}
      </ListCard>
    </ManagementPage>
  );
}

interface ManagedFormProps<V extends Values> {
  spec: ManagedFormSpec<V>;
  initial: V;
  editing: boolean;
  loading: boolean;
  saving: boolean;
  onSave(values: V): Promise<boolean>;
  onCancel(): void;
}

/** The form keeps its own values: the page remounts it (by key) for another item or prefill. */
function ManagedForm<V extends Values>({ spec, initial, editing, loading, saving, onSave, onCancel }: ManagedFormProps<V>) {
  const form = useFormState(initial, spec.validate, onSave, { resetOnSuccess: !editing });
  return (
    <FormCard
      id={spec.id}
      title={editing ? spec.editTitle : spec.createTitle}
      editing={editing}
      loading={loading}
      saving={saving}
      onSubmit={form.onSubmit}
      onCancel={onCancel}
    >
      {spec.fields(form, editing)}
    </FormCard>
  );
}
