import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { ActiveSwitch, FormCard, ListCard, ManagementPage, RowActions, StatusChip, Wide } from './AcademicParts';
import { useFormState } from './academicShared';
import { useSubjects, validateSubject, type SubjectFormValues } from './useSubjects';

/** /dashboard/subject-management (optional ?edit={id}): platform.md sections 2, 5, 6. */
export function SubjectManagementPage() {
  const s = useSubjects();

  return (
    <ManagementPage title="Subject Management" allowed={s.canManage} banners={s.banners}>
      <SubjectForm
        key={s.editing ? `edit-${s.editing.id}` : s.editId ? 'loading' : 'new'}
        initial={s.initial}
        editing={Boolean(s.editId)}
        loading={s.editLoading}
        saving={s.saving}
        onSave={s.save}
        onCancel={s.leaveEdit}
      />
      <ListCard
        id="subjects"
        title="Subjects"
        columns={['Name', 'Description', 'Status', 'Actions']}
        loading={s.listLoading}
        empty="No subjects found."
        count={s.subjects.length}
      >
        {s.subjects.map((row) => (
          <TableRow key={row.id} hover selected={row.id === s.editId}>
            <TableCell>{row.name}</TableCell>
            <TableCell>{row.description}</TableCell>
            <TableCell>
              <StatusChip active={row.isActive} />
            </TableCell>
            <TableCell align="right">
              <RowActions
                label={`subject ${row.name}`}
                onEdit={() => s.startEdit(row.id)}
                onDelete={() => void s.remove(row)}
                deleting={s.deleting}
              />
            </TableCell>
          </TableRow>
        ))}
      </ListCard>
    </ManagementPage>
  );
}

interface SubjectFormProps {
  initial: SubjectFormValues;
  editing: boolean;
  loading: boolean;
  saving: boolean;
  onSave(values: SubjectFormValues): Promise<boolean>;
  onCancel(): void;
}

function SubjectForm({ initial, editing, loading, saving, onSave, onCancel }: SubjectFormProps) {
  const { values, errors, setField, onSubmit } = useFormState(initial, validateSubject, onSave, { resetOnSuccess: !editing });
  return (
    <FormCard
      id="subject-form"
      title={editing ? 'Edit Subject' : 'Create Subject'}
      editing={editing}
      loading={loading}
      saving={saving}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <TextField
        id="subject-name"
        label="Subject Name"
        name="name"
        required
        autoFocus={editing}
        placeholder="e.g. Mathematics"
        autoComplete="off"
        value={values.name}
        onChange={(e) => setField('name', e.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <ActiveSwitch id="subject-active" checked={values.isActive} onChange={(v) => setField('isActive', v)} />
      <Wide>
        <TextField
          id="subject-description"
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
