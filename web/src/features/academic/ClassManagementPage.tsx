import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { AcademicYearItemFragment } from '../../gql/graphql';
import { ActiveSwitch, FormCard, ListCard, ManagementPage, RowActions, StatusChip, Wide } from './AcademicParts';
import { useFormState } from './academicShared';
import { useClasses, validateClass, type ClassFormValues } from './useClasses';

/** /dashboard/class-management (optional ?edit={id} or ?year={yearId}): platform.md sections 2, 5, 6. */
export function ClassManagementPage() {
  const c = useClasses();

  return (
    <ManagementPage title="Class Management" allowed={c.canManage} banners={c.banners}>
      <ClassForm
        key={c.editing ? `edit-${c.editing.id}` : c.editId ? 'loading' : `new-${c.initial.academicYearId}`}
        initial={c.initial}
        years={c.years}
        yearsLoading={c.yearsLoading}
        editing={Boolean(c.editId)}
        loading={c.editLoading}
        saving={c.saving}
        onSave={c.save}
        onCancel={c.leaveEdit}
      />
      <ListCard
        id="classes"
        title="Classes"
        columns={['Name', 'Grade', 'Academic Year', 'Description', 'Status', 'Actions']}
        loading={c.listLoading}
        empty="No classes found."
        count={c.classes.length}
        toolbar={
          <TextField
            id="classes-year-filter"
            label="Show academic year"
            select
            size="small"
            value={c.yearFilter}
            onChange={(e) => c.setYearFilter(e.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 200 }}
          >
            <option value="">All Academic Years</option>
            {c.years.map((y) => (
              <option key={y.id} value={y.id}>
                {y.year}
              </option>
            ))}
          </TextField>
        }
      >
        {c.classes.map((row) => (
          <TableRow key={row.id} hover selected={row.id === c.editId}>
            <TableCell>{row.name}</TableCell>
            <TableCell>{row.grade}</TableCell>
            <TableCell>{row.academicYear.year}</TableCell>
            <TableCell>{row.description}</TableCell>
            <TableCell>
              <StatusChip active={row.isActive} />
            </TableCell>
            <TableCell align="right">
              <RowActions
                label={`${row.name} (${row.academicYear.year})`}
                onEdit={() => c.startEdit(row.id)}
                onDelete={() => void c.remove(row)}
                deleting={c.deleting}
              />
            </TableCell>
          </TableRow>
        ))}
      </ListCard>
    </ManagementPage>
  );
}

interface ClassFormProps {
  initial: ClassFormValues;
  years: AcademicYearItemFragment[];
  yearsLoading: boolean;
  editing: boolean;
  loading: boolean;
  saving: boolean;
  onSave(values: ClassFormValues): Promise<boolean>;
  onCancel(): void;
}

function ClassForm({ initial, years, yearsLoading, editing, loading, saving, onSave, onCancel }: ClassFormProps) {
  const { values, errors, setField, onSubmit } = useFormState(initial, validateClass, onSave, { resetOnSuccess: !editing });
  return (
    <FormCard
      id="class-form"
      title={editing ? 'Edit Class' : 'Create Class'}
      editing={editing}
      loading={loading}
      saving={saving}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <TextField
        id="class-academic-year"
        label="Academic Year"
        name="academicYear"
        required
        select
        value={values.academicYearId}
        onChange={(e) => setField('academicYearId', e.target.value)}
        error={Boolean(errors.academicYearId)}
        helperText={errors.academicYearId}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{yearsLoading ? 'Loading...' : 'Select an academic year'}</option>
        {years.map((y) => (
          <option key={y.id} value={y.id}>
            {y.year}
          </option>
        ))}
      </TextField>
      <TextField
        id="class-name"
        label="Class Name"
        name="name"
        required
        autoFocus={editing}
        placeholder="e.g. Class 5A"
        autoComplete="off"
        value={values.name}
        onChange={(e) => setField('name', e.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        id="class-grade"
        label="Grade"
        name="grade"
        required
        placeholder="e.g. 5"
        autoComplete="off"
        value={values.grade}
        onChange={(e) => setField('grade', e.target.value)}
        error={Boolean(errors.grade)}
        helperText={errors.grade}
        slotProps={{ htmlInput: { maxLength: 50 } }}
      />
      <ActiveSwitch id="class-active" checked={values.isActive} onChange={(v) => setField('isActive', v)} />
      <Wide>
        <TextField
          id="class-description"
          label="Description"
          name="description"
          fullWidth
          multiline
          minRows={2}
          value={values.description}
          onChange={(e) => setField('description', e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </Wide>
    </FormCard>
  );
}
