import Autocomplete from '@mui/material/Autocomplete';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { AcademicYearItemFragment, SubjectItemFragment } from '../../gql/graphql';
import { FormCard, ListCard, ManagementPage, RowActions, Wide } from './AcademicParts';
import { teacherName } from './academicShared';
import {
  SELECT_YEAR_FIRST,
  useTeacherAssignmentForm,
  useTeacherAssignments,
  type AssignmentFormValues,
  type TeacherOption,
} from './useTeacherAssignments';

/**
 * /dashboard/teacher-assignment (optional ?edit={id}, or ?class={classId}&year={yearId} to prefill):
 * platform.md sections 2 and 5; only SuperAdmin and Admin (DESIGN.md "Where the spec is silent or wrong").
 */
export function TeacherAssignmentPage() {
  const t = useTeacherAssignments();

  return (
    <ManagementPage title="Teacher Assignment" allowed={t.canManage} banners={t.banners}>
      <TeacherAssignmentForm
        key={t.editing ? `edit-${t.editing.id}` : t.editId ? 'loading' : `new-${t.initial.academicYearId}-${t.initial.classId}`}
        initial={t.initial}
        years={t.years}
        yearsLoading={t.yearsLoading}
        subjects={t.subjects}
        subjectsLoading={t.subjectsLoading}
        teachers={t.teacherOptions}
        teachersLoading={t.teachersLoading}
        editing={Boolean(t.editId)}
        loading={t.editLoading}
        saving={t.saving}
        onSave={t.save}
        onCancel={t.leaveEdit}
      />
      <ListCard
        id="teacher-assignments"
        title="Teacher Assignments"
        columns={['Academic Year', 'Class', 'Subject', 'Teachers', 'Actions']}
        loading={t.listLoading}
        empty="No teacher assignments found."
        count={t.assignments.length}
        toolbar={
          <TextField
            id="assignments-year-filter"
            label="Show academic year"
            select
            size="small"
            value={t.yearFilter}
            onChange={(e) => t.setYearFilter(e.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 200 }}
          >
            <option value="">All Academic Years</option>
            {t.years.map((y) => (
              <option key={y.id} value={y.id}>
                {y.year}
              </option>
            ))}
          </TextField>
        }
      >
        {t.assignments.map((row) => (
          <TableRow key={row.id} hover selected={row.id === t.editId}>
            <TableCell>{row.academicYear.year}</TableCell>
            <TableCell>{row.class.name}</TableCell>
            <TableCell>{row.subject.name}</TableCell>
            <TableCell>{row.teachers.map(teacherName).join(', ')}</TableCell>
            <TableCell align="right">
              <RowActions
                label={`${row.subject.name} in ${row.class.name} (${row.academicYear.year})`}
                onEdit={() => t.startEdit(row.id)}
                onDelete={() => void t.remove(row)}
                deleting={t.deleting}
              />
            </TableCell>
          </TableRow>
        ))}
      </ListCard>
    </ManagementPage>
  );
}

interface TeacherAssignmentFormProps {
  initial: AssignmentFormValues;
  years: AcademicYearItemFragment[];
  yearsLoading: boolean;
  subjects: SubjectItemFragment[];
  subjectsLoading: boolean;
  teachers: TeacherOption[];
  teachersLoading: boolean;
  editing: boolean;
  loading: boolean;
  saving: boolean;
  onSave(values: AssignmentFormValues): Promise<boolean>;
  onCancel(): void;
}

function TeacherAssignmentForm(props: TeacherAssignmentFormProps) {
  const { initial, years, yearsLoading, subjects, subjectsLoading, teachers, teachersLoading, editing, loading, saving, onSave, onCancel } = props;
  const f = useTeacherAssignmentForm(initial, onSave, editing);
  const { values, errors } = f;
  const noYear = !values.academicYearId;
  const chosenTeachers = teachers.filter((t) => values.teacherIds.includes(t.id));

  return (
    <FormCard
      id="teacher-assignment-form"
      title={editing ? 'Edit Teacher Assignment' : 'Assign Teachers'}
      editing={editing}
      loading={loading}
      saving={saving}
      onSubmit={f.onSubmit}
      onCancel={onCancel}
    >
      <TextField
        id="assignment-academic-year"
        label="Academic Year"
        name="academicYear"
        required
        select
        value={values.academicYearId}
        onChange={(e) => f.setYear(e.target.value)}
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
        id="assignment-class"
        label="Class"
        name="class"
        required
        select
        disabled={noYear}
        value={values.classId}
        onChange={(e) => f.setField('classId', e.target.value)}
        error={Boolean(errors.classId) || Boolean(f.classesError)}
        helperText={noYear ? SELECT_YEAR_FIRST : (errors.classId ?? f.classesError ?? (!f.classesLoading && f.classes.length === 0 ? 'This academic year has no classes yet.' : undefined))}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{f.classesLoading ? 'Loading...' : 'Select a class'}</option>
        {/* the chosen class stays listed while the year's classes load */}
        {f.classesLoading && values.classId && <option value={values.classId}>Loading...</option>}
        {f.classes.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </TextField>
      <TextField
        id="assignment-subject"
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
          id="assignment-teachers"
          multiple
          options={teachers}
          loading={teachersLoading}
          value={chosenTeachers}
          onChange={(_, chosen) => f.setField('teacherIds', chosen.map((t) => t.id))}
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
    </FormCard>
  );
}
