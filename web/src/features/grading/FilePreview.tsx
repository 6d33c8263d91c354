import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { fetchFile } from '../../lib/download';

/** Types the browser shows by itself: no viewer from elsewhere, no plug-in. */
const PREVIEWABLE = new Set(['image/png', 'image/jpeg', 'application/pdf', 'text/plain']);
/** A text file is shown up to this many characters (an answer, not a book). */
const TEXT_MAX = 100_000;

type Loaded = { url: string } | { text: string } | { error: string };

/** The file's bytes, fetched by the download's own path (so its authorization) while `open`. */
function useFileBytes(path: string, mimeType: string, open: boolean): Loaded | null {
  const [loaded, setLoaded] = useState<{ path: string; value: Loaded } | null>(null);
  useEffect(() => {
    if (!open) return undefined;
    let url: string | undefined;
    let cancelled = false;
    void fetchFile(path)
      .then(async (res) => {
        const blob = await res.blob();
        if (cancelled) return;
        if (mimeType === 'text/plain') {
          const text = await blob.text();
          if (!cancelled) setLoaded({ path, value: { text: text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX)}\n…` : text } });
          return;
        }
        url = URL.createObjectURL(blob);
        setLoaded({ path, value: { url } });
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoaded({ path, value: { error: error instanceof Error ? error.message : 'Failed to load the preview' } });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, mimeType, open]);
  return open && loaded?.path === path ? loaded.value : null;
}

/**
 * A long answer's image, PDF or text file shown in the grading panel (issue 25 point 4), fetched from the
 * download path with the teacher's token, so it is allowed exactly when the download is; other types
 * (Word files) are downloaded as before.
 */
export function FilePreview({ path, name, mimeType }: { path: string; name: string; mimeType: string }) {
  const [open, setOpen] = useState(false);
  const loaded = useFileBytes(path, mimeType, open);
  if (!PREVIEWABLE.has(mimeType)) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Button size="small" startIcon={<VisibilityIcon />} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? `Hide preview of ${name}` : `Preview ${name}`}
      </Button>
      {open && (
        <Box
          role="region"
          aria-label={`Preview of ${name}`}
          sx={{ mt: 1, border: 1, borderColor: 'divider', borderRadius: 1, p: 1, maxWidth: '100%' }}
        >
          {!loaded ? (
            <Typography role="status">Loading preview...</Typography>
          ) : 'error' in loaded ? (
            <Typography color="error" role="alert">
              {loaded.error}
            </Typography>
          ) : 'text' in loaded ? (
            <Box
              component="pre"
              sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 480, overflow: 'auto', fontSize: '0.9rem' }}
            >
              {loaded.text}
            </Box>
          ) : mimeType === 'application/pdf' ? (
            <Box
              component="iframe"
              src={loaded.url}
              title={`PDF ${name}`}
              sx={{ width: '100%', height: { xs: 420, md: 640 }, border: 0 }}
            />
          ) : (
            <Box
              component="img"
              src={loaded.url}
              alt={`The student's file ${name}`}
              sx={{ display: 'block', maxWidth: '100%', height: 'auto' }}
            />
          )}
        </Box>
      )}
    </Box>
  );
}
