import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FILTER_LABELS, SORT_LABELS, type FilterKey, type ListView, type SortKey } from './gradingQueue';

/**
 * Search by name, sort (time submitted, name, status) and filter (needs grading, graded, overdue, reopened)
 * above the grading lists (issue 25 point 1). Next and Next ungraded follow what the lists show.
 */
export function ListControls({ view, onChange }: { view: ListView; onChange(view: ListView): void }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', mb: 2 }}>
      <TextField
        label="Search by name"
        type="search"
        size="small"
        value={view.search}
        onChange={(e) => onChange({ ...view, search: e.target.value })}
        sx={{ gridColumn: '1 / -1' }}
      />
      <TextField select label="Sort by" size="small" value={view.sort} onChange={(e) => onChange({ ...view, sort: e.target.value as SortKey })}>
        {Object.entries(SORT_LABELS).map(([k, label]) => (
          <MenuItem key={k} value={k}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label="Show" size="small" value={view.filter} onChange={(e) => onChange({ ...view, filter: e.target.value as FilterKey })}>
        {Object.entries(FILTER_LABELS).map(([k, label]) => (
          <MenuItem key={k} value={k}>
            {label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
