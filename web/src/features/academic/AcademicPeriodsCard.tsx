import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { FormCard, ListCard, RowActions } from './AcademicParts';
import { FormDate, FormText } from './AcademicFields';
import { useFormState } from './academicShared';
import {
  PERIOD_TYPE_LABEL,
  useAcademicPeriods,
  validatePeriod,
  type PeriodFormValues,
  type PeriodRow,
  type PeriodType,
} from './useAcademicPeriods';

/**
 * The terms and grading periods of the academic year being edited (issue 27; OneRoster academicSessions):
 * added, changed and removed here; the server keeps each inside its year's dates (set those first) and a
 * grading period inside its term.
 */
export function AcademicPeriodsCard({ yearId, yearLabel }: { yearId: string; yearLabel: string }) {
  const p = useAcademicPeriods(yearId);
  const termTitle = (id: string | null) => p.terms.find((t) => t.id === id)?.title ?? '';
  return (
    <Box sx={{ mb: 3 }}>
      {p.yearDates && !p.yearDates.startDate && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Set the year's start and end dates (above) before adding terms and grading periods.
        </Alert>
      )}
      {p.error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={p.clearError}>
          {p.error}
        </Alert>
      )}
      <PeriodForm key={p.editing?.id ?? 'new'} p={p} yearLabel={yearLabel} />
      <ListCard
        id="academic-periods"
        title={`Terms and grading periods of ${yearLabel}`}
        columns={['Type', 'Title', 'Start', 'End', 'Term', 'Actions']}
        loading={p.loading}
        empty="No terms or grading periods."
        count={p.periods.length}
      >
        {p.periods.map((row: PeriodRow) => (
          <TableRow key={row.id} hover selected={row.id === p.editing?.id}>
            <TableCell>{PERIOD_TYPE_LABEL[row.type]}</TableCell>
            <TableCell>{row.title}</TableCell>
            <TableCell>{row.startDate}</TableCell>
            <TableCell>{row.endDate}</TableCell>
            <TableCell>{termTitle(row.parentId)}</TableCell>
            <TableCell align="right">
              <RowActions
                label={`${PERIOD_TYPE_LABEL[row.type]} ${row.title}`.toLowerCase()}
                onEdit={() => p.startEdit(row.id)}
                onDelete={() => void p.del(row)}
                deleting={p.deleting}
              />
            </TableCell>
          </TableRow>
        ))}
      </ListCard>
    </Box>
  );
}

function PeriodForm({ p, yearLabel }: { p: ReturnType<typeof useAcademicPeriods>; yearLabel: string }) {
  const f = useFormState<PeriodFormValues, 'title' | 'startDate' | 'endDate'>(p.initial, validatePeriod, p.save, {
    resetOnSuccess: !p.editing,
  });
  const editing = Boolean(p.editing);
  return (
    <FormCard
      id="academic-period-form"
      title={editing ? `Edit ${PERIOD_TYPE_LABEL[f.values.type].toLowerCase()}` : `Add a term or grading period to ${yearLabel}`}
      editing={editing}
      saving={p.saving}
      onSubmit={f.onSubmit}
      onCancel={p.cancelEdit}
    >
      <TextField
        id="academic-period-type"
        label="Type"
        name="type"
        select
        disabled={editing}
        value={f.values.type}
        onChange={(e) => f.setField('type', e.target.value as PeriodType)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {Object.entries(PERIOD_TYPE_LABEL).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </TextField>
      <FormText form={f} field="title" id="academic-period-title" label="Title" placeholder="e.g. Autumn term" maxLength={200} />
      <FormDate form={f} field="startDate" id="academic-period-start" label="Start date" required />
      <FormDate form={f} field="endDate" id="academic-period-end" label="End date" required />
      {f.values.type === 'GRADING_PERIOD' && (
        <TextField
          id="academic-period-term"
          label="In term"
          name="parentId"
          select
          value={f.values.parentId}
          onChange={(e) => f.setField('parentId', e.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">No term (the whole year)</option>
          {p.terms.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </TextField>
      )}
    </FormCard>
  );
}
