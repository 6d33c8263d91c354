import TableCell from '@mui/material/TableCell';
import { ActiveSwitch, StatusChip } from './AcademicParts';
import { DescriptionField, FormText, YearFilter, YearSelect } from './AcademicFields';
import type { FormApi } from './academicShared';
import { ManagedPage } from './ManagedPage';
import { classLabel, useClasses, validateClass, type ClassFormValues } from './useClasses';

/** /dashboard/class-management (optional ?edit={id} or ?year={yearId}): platform.md sections 2, 5, 6. */
export function ClassManagementPage() {
  const c = useClasses();

  const fields = (f: FormApi<ClassFormValues>, editing: boolean) => (
    <>
      <YearSelect
        id="class-academic-year"
        years={c.years}
        loading={c.yearsLoading}
        value={f.values.academicYearId}
        error={f.errors.academicYearId}
        onChange={(id) => f.setField('academicYearId', id)}
      />
      <FormText form={f} field="name" id="class-name" label="Class Name" autoFocus={editing} placeholder="e.g. Class 5A" maxLength={100} />
      <FormText form={f} field="grade" id="class-grade" label="Grade" placeholder="e.g. 5" maxLength={50} />
      <ActiveSwitch id="class-active" checked={f.values.isActive} onChange={(v) => f.setField('isActive', v)} />
      <DescriptionField form={f} id="class-description" />
    </>
  );

  return (
    <ManagedPage
      title="Class Management"
      m={c}
      form={{ id: 'class-form', createTitle: 'Create Class', editTitle: 'Edit Class', validate: validateClass, fields }}
      list={{
        id: 'classes',
        title: 'Classes',
        columns: ['Name', 'Grade', 'Academic Year', 'Description', 'Status'],
        empty: 'No classes found.',
        toolbar: <YearFilter id="classes-year-filter" years={c.years} value={c.yearFilter} onChange={c.setYearFilter} />,
        pagination: c.pagination,
      }}
      cells={(row) => (
        <>
          <TableCell>{row.name}</TableCell>
          <TableCell>{row.grade}</TableCell>
          <TableCell>{row.academicYear.year}</TableCell>
          <TableCell>{row.description}</TableCell>
          <TableCell>
            <StatusChip active={row.isActive} />
          </TableCell>
        </>
      )}
      rowLabel={classLabel}
    />
  );
}
