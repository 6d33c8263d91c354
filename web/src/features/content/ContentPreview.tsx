import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import PageviewIcon from '@mui/icons-material/Pageview';
import { useBlobUrl } from '../../lib/useBlobUrl';

/** What the browser shows by itself: PDF documents and images. Other files are only downloaded. */
export function canPreview(mimeType: string): boolean {
  return mimeType === 'application/pdf' || mimeType.startsWith('image/');
}

interface Previewable {
  id: string;
  title: string;
  mimeType: string;
}

/** 'Preview' beside Download, for PDF and image content: opens the file inline in a dialog. */
export function PreviewButton({ content }: { content: Previewable }) {
  const [open, setOpen] = useState(false);
  if (!canPreview(content.mimeType)) return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<PageviewIcon />}
        aria-label={`Preview ${content.title}`}
        onClick={() => setOpen(true)}
      >
        Preview
      </Button>
      {open && <PreviewDialog content={content} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The file is fetched with the bearer token and shown from a blob: address (useBlobUrl; server/src/app/security-headers.ts). */
function PreviewDialog({ content, onClose }: { content: Previewable; onClose(): void }) {
  const state = useBlobUrl(`/api/content/download/${encodeURIComponent(content.id)}`, content.mimeType);

  const headingId = `preview-${content.id}-heading`;
  const isImage = content.mimeType.startsWith('image/');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby={headingId}>
      <DialogTitle id={headingId}>{content.title}</DialogTitle>
      <DialogContent dividers sx={{ p: { xs: 1, sm: 2 } }}>
        {state === null && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading preview" />
          </Box>
        )}
        {state && 'error' in state && <Alert severity="error">{state.error}</Alert>}
        {state &&
          'url' in state &&
          (isImage ? (
            <Box
              component="img"
              src={state.url}
              alt={content.title}
              sx={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', mx: 'auto' }}
            />
          ) : (
            <Box
              component="iframe"
              src={state.url}
              title={`Preview of ${content.title}`}
              sx={{ display: 'block', width: '100%', height: '75vh', border: 0 }}
            />
          ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
