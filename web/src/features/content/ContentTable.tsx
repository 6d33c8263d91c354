import type { ContentType } from '../../gql/types';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { EditDeleteButtons } from '../../components/EditDeleteButtons';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { EmptyRow, TitleCell, VisibilityChip } from '../../components/TableCells';
import { VisibilityToggle } from '../../components/VisibilityToggle';
import { formatKb } from '../../lib/format';
import { PreviewButton } from './ContentPreview';
import { CONTENT_TYPE_LABEL } from '../../lib/fileTypes';
import type { ContentRow } from './useModuleDetail';

const TYPE_COLOURS: Record<ContentType, ChipProps['color']> = {
  PDF: 'error',
  VIDEO: 'secondary',
  PPT: 'warning',
  READING: 'info',
  OTHER: 'default',
};

/** A content's type as a coloured chip, in the spec's words (the teacher's table and the student's course page). */
export function ContentTypeChip({ type }: { type: ContentType }) {
  return <Chip size="small" label={CONTENT_TYPE_LABEL[type]} color={TYPE_COLOURS[type]} />;
}

interface ContentTableProps {
  contents: ContentRow[];
  /** Edit, delete and the visibility toggle: only for who may change the course. */
  canManage: boolean;
  onDownload(c: ContentRow): void;
  onEdit(c: ContentRow): void;
  onDelete(c: ContentRow): void;
  onToggleVisibility(c: ContentRow): void;
}

/** Title, Type badge, File (name, KB), Visibility, Actions (preview of PDFs and images, download, edit, delete). */
export function ContentTable({ contents, canManage, onDownload, onEdit, onDelete, onToggleVisibility }: ContentTableProps) {
  return (
    <ResponsiveTable
      columns={['Title', 'Type', 'File', 'Visibility', 'Actions']}
      container={Paper}
      containerProps={{ variant: 'outlined' }}
      size="small"
      aria-label="Content"
    >
      <TableHead>
        <TableRow>
          <TableCell>Title</TableCell>
          <TableCell>Type</TableCell>
          <TableCell>File</TableCell>
          <TableCell>Visibility</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {contents.length === 0 && <EmptyRow colSpan={5} text="No content has been added to this module yet." />}
        {contents.map((c) => (
          <TableRow key={c.id} hover>
            <TitleCell title={c.title} description={c.description} />
            <TableCell>
              <ContentTypeChip type={c.contentType} />
            </TableCell>
            <TableCell>
              <Typography variant="body2">{c.fileName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatKb(c.fileSize)}
              </Typography>
            </TableCell>
            <TableCell>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <VisibilityChip visible={c.isVisible} />
                {canManage && <VisibilityToggle visible={c.isVisible} name={c.title} onToggle={() => onToggleVisibility(c)} />}
              </Box>
            </TableCell>
            <TableCell align="right">
              <Box sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
                <PreviewButton content={c} />
                <IconButton size="small" color="primary" aria-label={`Download ${c.title}`} onClick={() => onDownload(c)}>
                  <DownloadIcon fontSize="small" />
                </IconButton>
                {canManage && <EditDeleteButtons name={c.title} onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} />}
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ResponsiveTable>
  );
}
