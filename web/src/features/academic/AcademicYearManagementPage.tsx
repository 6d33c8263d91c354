import TableCell from '@mui/material/TableCell';
import { ActiveSwitch, StatusChip } from './AcademicParts';
import { FormDate, FormText } from './AcademicFields';
import { AcademicPeriodsCard } from './AcademicPeriodsCard';
import type { FormApi } from './academicShared';
import { ManagedPage } from './ManagedPage';
import { useAcademicYears, validateYear, type YearFormValues } from './useAcademicYears';

/** /dashboard/academic-year-management (optional ?edit={id}): platform.md sections 2, 5, 6. */
export function AcademicYearManagementPage() {
  const m = useAcademicYears();
  return (
    <ManagedPage
      title="Academic Year Management"
      m={m}
      form={{
        id: 'academic-year-form',
        createTitle: 'Create Academic Year',
        editTitle: 'Edit Academic Year',
        validate: validateYear,
        fields: yearFields,
      }}
      // while a year is edited, its terms and grading periods (issue 27)
      between={m.editing ? <AcademicPeriodsCard yearId={m.editing.id} yearLabel={m.editing.year} /> : null}
      list={{
        id: 'academic-years',
        title: 'Academic Years',
        columns: ['Year', 'Status', 'Dates', 'Created'],
        empty: 'No academic years found.',
      }}
      cells={(row) => (
        <>
          <TableCell>{row.year}</TableCell>
          <TableCell>
            <StatusChip active={row.isActive} />
          </TableCell>
          <TableCell>{row.startDate && row.endDate ? `${row.startDate} to ${row.endDate}` : ''}</TableCell>
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
      <FormDate form={f} field="startDate" id="academic-year-start" label="Start date" />
      <FormDate form={f} field="endDate" id="academic-year-end" label="End date" />
      <ActiveSwitch id="academic-year-active" checked={f.values.isActive} onChange={(v) => f.setField('isActive', v)} />
    </>
  );
}
