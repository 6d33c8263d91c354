import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { preview } from '../../lib/format';
import type { QuestionWithKeyFragment } from '../../lib/questions.generated';
import { FILTER_LABELS, TYPE_LABELS, SORT_LABELS, type FilterKey, type ListView, type SortKey } from './gradingQueue';

/**
 * What to grade (whole submissions, or one question across all students: issue 25 point 2), then search by name, sort (time submitted, name, status) and filter (needs grading, graded, overdue, reopened)
 * above the grading lists (issue 25 point 1). Next and Next ungraded follow what the lists show.
 */
interface ControlsProps {
  view: ListView;
  onChange(view: ListView): void;
  questions: readonly QuestionWithKeyFragment[];
  /** How many of `questions` are the item's fixed ones; the rest were drawn at random (issue 30) and go by their text. */
  fixedCount?: number;
  /** The question graded across all students, or null for whole submissions. */
  questionId: string | null;
  onQuestion(id: string | null): void;
}

const WHOLE = 'whole';

export function ListControls({ view, onChange, questions, fixedCount = questions.length, questionId, onQuestion }: ControlsProps) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', mb: 2 }}>
      <TextField
        select
        label="Grade"
        size="small"
        value={questionId ?? WHOLE}
        onChange={(e) => onQuestion(e.target.value === WHOLE ? null : e.target.value)}
        helperText={questionId ? 'One question, every student in turn' : undefined}
        sx={{ gridColumn: '1 / -1' }}
      >
        <MenuItem value={WHOLE}>Whole submissions</MenuItem>
        {questions.map((q, i) => (
          <MenuItem key={q.id} value={q.id}>
            {i < fixedCount
              ? `Question ${i + 1} only (${TYPE_LABELS[q.type]})`
              : `Drawn: ${preview(q.questionText)} only (${TYPE_LABELS[q.type]})`}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Search by name"
        type="search"
        size="small"
        value={view.search}
        onChange={(e) => onChange({ ...view, search: e.target.value })}
        sx={{ gridColumn: '1 / -1' }}
      />
      <TextField
        select
        label="Sort by"
        size="small"
        value={view.sort}
        onChange={(e) => onChange({ ...view, sort: e.target.value as SortKey })}
      >
        {Object.entries(SORT_LABELS).map(([k, label]) => (
          <MenuItem key={k} value={k}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Show"
        size="small"
        value={view.filter}
        onChange={(e) => onChange({ ...view, filter: e.target.value as FilterKey })}
      >
        {Object.entries(FILTER_LABELS).map(([k, label]) => (
          <MenuItem key={k} value={k}>
            {label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
