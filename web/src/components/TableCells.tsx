import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { preview } from '../lib/format';

/** A table's one row while it has nothing to list. */
export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan}>{text}</TableCell>
    </TableRow>
  );
}

/** The Title cell of the content and assessment tables: the title, and the description cut at 50 characters. */
export function TitleCell({ title, description }: { title: string; description: string }) {
  return (
    <TableCell>
      <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" title={description}>
          {preview(description)}
        </Typography>
      )}
    </TableCell>
  );
}

/** 'Visible', or `hiddenLabel` ('Hidden', 'Hidden from students') in the warning colour. */
export function VisibilityChip({ visible, hiddenLabel = 'Hidden' }: { visible: boolean; hiddenLabel?: string }) {
  return (
    <Chip
      size="small"
      label={visible ? 'Visible' : hiddenLabel}
      color={visible ? 'success' : 'warning'}
      variant={visible ? 'outlined' : 'filled'}
    />
  );
}
