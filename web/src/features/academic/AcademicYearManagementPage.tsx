import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { ActiveSwitch, FormCard, ListCard, ManagementPage, RowActions, StatusChip } from './AcademicParts';
import { useFormState } from './academicShared';
import { useAcademicYears, validateYear, type YearFormValues } from './useAcademicYears';

/** /dashboard/academic-year-management (optional ?edit={id}): platform.md sections 2, 5, 6. */
export function AcademicYearManagementPage() {
  const y = useAcademicYears();

  return (
    <ManagementPage title="Academic Year Management" allowed={y.canManage} banners={y.banners}>
      <AcademicYearForm
        key={y.editing ? `edit-${y.editing.id}` : y.editId ? 'loading' : 'new'}
        initial={y.initial}
        editing={Boolean(y.editId)}
        loading={y.editLoading}
        saving={y.saving}
        onSave={y.save}
        onCancel={y.leaveEdit}
      />
      <ListCard
        id="academic-years"
        title="Academic Years"
        columns={['Year', 'Status', 'Created', 'Actions']}
        loading={y.listLoading}
        empty="No academic years found."
        count={y.years.length}
      >
        {y.years.map((row) => (
          <TableRow key={row.id} hover selected={row.id === y.editId}>
            <TableCell>{row.year}</TableCell>
            <TableCell>
              <StatusChip active={row.isActive} />
            </TableCell>
            <TableCell>{new Date(row.createdAt).toLocaleDateString()}</TableCell>
            <TableCell align="right">
              <RowActions
                label={`academic year ${row.year}`}
                onEdit={() => y.startEdit(row.id)}
                onDelete={() => void y.remove(row)}
                deleting={y.deleting}
              />
            </TableCell>
          </TableRow>
        ))}
      </ListCard>
    </ManagementPage>
  );
}

interface AcademicYearFormProps {
  initial: YearFormValues;
  editing: boolean;
  loading: boolean;
  saving: boolean;
  onSave(values: YearFormValues): Promise<boolean>;
  onCancel(): void;
}

function AcademicYearForm({ initial, editing, loading, saving, onSave, onCancel }: AcademicYearFormProps) {
  const { values, errors, setField, onSubmit } = useFormState(initial, validateYear, onSave, { resetOnSuccess: !editing });
  return (
    <FormCard
      id="academic-year-form"
      title={editing ? 'Edit Academic Year' : 'Create Academic Year'}
      editing={editing}
      loading={loading}
      saving={saving}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <TextField
        id="academic-year-year"
        label="Year"
        name="year"
        required
        autoFocus={editing}
        placeholder="e.g. 2026"
        autoComplete="off"
        value={values.year}
        onChange={(e) => setField('year', e.target.value)}
        error={Boolean(errors.year)}
        helperText={errors.year}
        slotProps={{ htmlInput: { maxLength: 50 } }}
      />
      <ActiveSwitch id="academic-year-active" checked={values.isActive} onChange={(v) => setField('isActive', v)} />
    </FormCard>
  );
}
