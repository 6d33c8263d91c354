import TableCell from '@mui/material/TableCell';
import { ActiveSwitch, StatusChip } from './AcademicParts';
import { DescriptionField, FormText } from './AcademicFields';
import type { FormApi } from './academicShared';
import { ManagedPage } from './ManagedPage';
import { useSubjects, validateSubject, type SubjectFormValues } from './useSubjects';

/** /dashboard/subject-management (optional ?edit={id}): platform.md sections 2, 5, 6. */
export function SubjectManagementPage() {
  const s = useSubjects();
  return (
    <ManagedPage
      title="Subject Management"
      m={s}
      form={{
        id: 'subject-form',
        createTitle: 'Create Subject',
        editTitle: 'Edit Subject',
        validate: validateSubject,
        fields: subjectFields,
      }}
      list={{
        id: 'subjects',
        title: 'Subjects',
        columns: ['Name', 'Description', 'Status'],
        empty: 'No subjects found.',
        pagination: s.pagination,
      }}
      cells={(row) => (
        <>
          <TableCell>{row.name}</TableCell>
          <TableCell>{row.description}</TableCell>
          <TableCell>
            <StatusChip active={row.isActive} />
          </TableCell>
        </>
      )}
      rowLabel={(row) => `subject ${row.name}`}
    />
  );
}

function subjectFields(f: FormApi<SubjectFormValues>, editing: boolean) {
  return (
    <>
      <FormText
        form={f}
        field="name"
        id="subject-name"
        label="Subject Name"
        autoFocus={editing}
        placeholder="e.g. Mathematics"
        maxLength={100}
      />
      <ActiveSwitch id="subject-active" checked={f.values.isActive} onChange={(v) => f.setField('isActive', v)} />
      <DescriptionField form={f} id="subject-description" />
    </>
  );
}
