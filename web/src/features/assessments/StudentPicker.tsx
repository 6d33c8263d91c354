import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import CloseIcon from '@mui/icons-material/Close';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/errors';
import { fullName } from '../../lib/format';
import { useAssessmentStudentsQuery } from './assessments.generated';

const NONE: readonly never[] = [];

export interface PickableStudent {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Case-insensitive match on first name, last name and email (spec section 2). */
export function matchesStudent(s: PickableStudent, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return [s.firstName, s.lastName, s.email].some((field) => field.toLowerCase().includes(needle));
}

/** The course (assignments, exams) or the module (quizzes) whose class's students can be picked. */
export type StudentsOf = { courseId: string } | { moduleId: string };

interface StudentPickerProps {
  of: StudentsOf;
  selectedIds: string[];
  onChange(ids: string[]): void;
  error?: string;
}

/**
 * The individual scope's student picker: the chosen students as chips, and a search whose matches show only
 * while the search text is not empty (spec section 2). The students placed in the class are asked for once the
 * picker shows (the whole class needs no list).
 */
export function StudentPicker({ of, selectedIds, onChange, error }: StudentPickerProps) {
  const query = useAssessmentStudentsQuery({ variables: of, fetchPolicy: 'cache-first' });
  const students = query.data?.assessmentStudents ?? NONE;
  const loading = query.loading && !query.data;
  // spec section 8 only logs this failure; DESIGN.md: the user sees it
  const loadError = query.error ? errorMessage(query.error, 'Failed to fetch students') : null;
  const [search, setSearch] = useState('');
  const matches = search.trim() ? students.filter((s) => matchesStudent(s, search)) : [];
  const chosen = selectedIds.map((id) => students.find((s) => s.id === id)).filter((s): s is PickableStudent => Boolean(s));
  const toggle = (id: string) => onChange(selectedIds.includes(id) ? selectedIds.filter((x) => x !== id) : [...selectedIds, id]);

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box role="list" aria-label="Selected students" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {chosen.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No students selected
          </Typography>
        ) : (
          // a plain chip and its own remove button: a deletable chip is a button holding another control (axe nested-interactive)
          chosen.map((s) => (
            <Box key={s.id} role="listitem" sx={{ display: 'inline-flex', alignItems: 'center' }}>
              <Chip label={fullName(s)} />
              <IconButton size="small" aria-label={`Remove ${fullName(s)}`} onClick={() => toggle(s.id)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))
        )}
      </Box>
      <TextField
        id="student-search"
        label="Search students"
        placeholder="First name, last name or email"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        error={Boolean(error)}
        helperText={error}
      />
      {loadError && (
        <Typography color="error" role="alert">
          {loadError}
        </Typography>
      )}
      {loading && search.trim() && <Typography color="text.secondary">Loading...</Typography>}
      {!loading &&
        search.trim() &&
        (matches.length === 0 ? (
          <Typography color="text.secondary">No students match</Typography>
        ) : (
          <List
            dense
            component="div"
            role="group"
            aria-label="Matching students"
            sx={{ maxHeight: 220, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            {matches.map((s) => {
              const picked = selectedIds.includes(s.id);
              return (
                <ListItemButton key={s.id} onClick={() => toggle(s.id)} role="checkbox" aria-checked={picked} dense>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <BoxMark picked={picked} />
                  </ListItemIcon>
                  <ListItemText primary={fullName(s)} secondary={s.email} />
                </ListItemButton>
              );
            })}
          </List>
        ))}
      {!error && <FormHelperText>Type to find students of the class.</FormHelperText>}
    </Box>
  );
}

/** The drawing of a ticked or empty box: not a second control inside the row's checkbox role (axe nested-interactive). */
function BoxMark({ picked }: { picked: boolean }) {
  return picked ? <CheckBoxIcon color="primary" aria-hidden /> : <CheckBoxOutlineBlankIcon aria-hidden />;
}
