import TableCell from '@mui/material/TableCell';
import { ActiveSwitch, StatusChip } from './AcademicParts';
import { FormText } from './AcademicFields';
import type { FormApi } from './academicShared';
import { ManagedPage } from './ManagedPage';
import { useAcademicYears, validateYear, type YearFormValues } from './useAcademicYears';

/** /dashboard/academic-year-management (optional ?edit={id}): platform.md sections 2, 5, 6. */
export function AcademicYearManagementPage() {
  return (
    <ManagedPage
      title="Academic Year Management"
      m={useAcademicYears()}
      form={{
        id: 'academic-year-form',
        createTitle: 'Create Academic Year',
        editTitle: 'Edit Academic Year',
        validate: validateYear,
        fields: yearFields,
      }}
      list={{ id: 'academic-years', title: 'Academic Years', columns: ['Year', 'Status', 'Created'], empty: 'No academic years found.' }}
      cells={(row) => (
        <>
          <TableCell>{row.year}</TableCell>
          <TableCell>
            <StatusChip active={row.isActive} />
          </TableCell>
          <TableCell>{new Date(row.createdAt).toLocaleDateString()}</TableCell>
        </>
      )}
      rowLabel={(row) => `academic year ${row.year}`}
    />
  );
}

function yearFields(f: FormApi<YearFormValues>, editing: boolean) {
  return (
    <>
      <FormText form={f} field="year" id="academic-year-year" label="Year" autoFocus={editing} placeholder="e.g. 2026" maxLength={50} />
      <ActiveSwitch id="academic-year-active" checked={f.values.isActive} onChange={(v) => f.setField('isActive', v)} />
    </>
  );
}
