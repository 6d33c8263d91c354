import Autocomplete from '@mui/material/Autocomplete';
import TableCell from '@mui/material/TableCell';
import TextField from '@mui/material/TextField';
import type { SubjectItemFragment } from './academic.generated';
import { Wide } from './AcademicParts';
import { YearFilter, YearSelect } from './AcademicFields';
import { teacherName, type FormApi } from './academicShared';
import { ManagedPage } from './ManagedPage';
import {
  SELECT_YEAR_FIRST,
  allocationLabel,
  classesOfYear,
  useAllocations,
  validateAllocation,
  type AllocationFormValues,
  type TeacherOption,
  type YearOption,
} from './useAllocations';

/**
 * /dashboard/teacher-assignment (optional ?edit={id}, or ?class={classId}&year={yearId} to prefill):
 * platform.md sections 2 and 5; only SuperAdmin and Admin (DESIGN.md "Where the spec is silent or wrong").
 */
export function AllocationPage() {
  const t = useAllocations();

  return (
    <ManagedPage
      title="Teacher Assignment"
      m={t}
      form={{
        id: 'allocation-form',
        createTitle: 'Assign Teachers',
        editTitle: 'Edit Teacher Assignment',
        validate: validateAllocation,
        fields: (f) => (
          <AllocationFields
            f={f}
            years={t.years}
            yearsLoading={t.yearsLoading}
            subjects={t.subjects}
            subjectsLoading={t.subjectsLoading}
            teachers={t.teacherOptions}
            teachersLoading={t.teachersLoading}
          />
        ),
      }}
      list={{
        id: 'allocations',
        title: 'Teacher Assignments',
        columns: ['Academic Year', 'Class', 'Subject', 'Teachers'],
        empty: 'No teacher assignments found.',
        toolbar: <YearFilter id="allocations-year-filter" years={t.years} value={t.yearFilter} onChange={t.setYearFilter} />,
        pagination: t.pagination,
      }}
      cells={(row) => (
        <>
          <TableCell>{row.academicYear.year}</TableCell>
          <TableCell>{row.class.name}</TableCell>
          <TableCell>{row.subject.name}</TableCell>
          <TableCell>{row.teachers.map(teacherName).join(', ')}</TableCell>
        </>
      )}
      rowLabel={allocationLabel}
    />
  );
}

interface AllocationFieldsProps {
  f: FormApi<AllocationFormValues>;
  years: YearOption[];
  yearsLoading: boolean;
  subjects: SubjectItemFragment[];
  subjectsLoading: boolean;
  teachers: TeacherOption[];
  teachersLoading: boolean;
}

/** The form's fields; the class choice offers the chosen year's classes (loaded with the page). */
function AllocationFields({ f, years, yearsLoading, subjects, subjectsLoading, teachers, teachersLoading }: AllocationFieldsProps) {
  const { values, errors } = f;
  const classes = classesOfYear(years, values.academicYearId);
  const noYear = !values.academicYearId;
  const chosenTeachers = teachers.filter((t) => values.teacherIds.includes(t.id));
  const classHint = errors.classId ?? (!yearsLoading && classes.length === 0 ? 'This academic year has no classes yet.' : undefined);

  return (
    <>
      <YearSelect
        id="allocation-academic-year"
        years={years}
        loading={yearsLoading}
        value={values.academicYearId}
        error={errors.academicYearId}
        onChange={(id) => {
          // the classes belong to the year: a class chosen before no longer fits
          f.setField('academicYearId', id);
          f.setField('classId', '');
        }}
      />
      <TextField
        id="allocation-class"
        label="Class"
        name="class"
        required
        select
        disabled={noYear}
        value={values.classId}
        onChange={(e) => f.setField('classId', e.target.value)}
        error={Boolean(errors.classId)}
        helperText={noYear ? SELECT_YEAR_FIRST : classHint}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          // the hint must stay readable while the field itself is disabled
          formHelperText: noYear ? { sx: { color: 'text.secondary' } } : undefined,
        }}
      >
        <option value="">{yearsLoading ? 'Loading...' : 'Select a class'}</option>
        {/* the chosen class (from ?class=) stays listed while the page loads */}
        {yearsLoading && values.classId && <option value={values.classId}>Loading...</option>}
        {classes.map((cl) => (
          <option key={cl.id} value={cl.id}>
            {cl.name}
          </option>
        ))}
      </TextField>
      <TextField
        id="allocation-subject"
        label="Subject"
        name="subject"
        required
        select
        value={values.subjectId}
        onChange={(e) => f.setField('subjectId', e.target.value)}
        error={Boolean(errors.subjectId)}
        helperText={errors.subjectId}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{subjectsLoading ? 'Loading...' : 'Select a subject'}</option>
        {subjects.map((s) => (
          <option key={s.id} value={s.id}>
            {s.isActive ? s.name : `${s.name} (Inactive)`}
          </option>
        ))}
      </TextField>
      <Wide>
        <Autocomplete
          id="allocation-teachers"
          multiple
          options={teachers}
          loading={teachersLoading}
          value={chosenTeachers}
          onChange={(_, chosen) =>
            f.setField(
              'teacherIds',
              chosen.map((t) => t.id),
            )
          }
          getOptionLabel={teacherName}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterSelectedOptions
          renderOption={(optionProps, option) => {
            const { key, ...rest } = optionProps;
            return (
              <li key={key} {...rest}>
                {`${teacherName(option)} (${option.email})`}
              </li>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Teachers"
              name="teachers"
              required={chosenTeachers.length === 0}
              error={Boolean(errors.teacherIds)}
              helperText={errors.teacherIds ?? 'Choose one or more teachers'}
            />
          )}
        />
      </Wide>
    </>
  );
}
