import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

/** Copies a value to the clipboard, reporting through the page's banners. */
export const copyWith =
  (messages: { act(work: () => Promise<unknown>, done: string, failed: string): Promise<boolean> }) => (value: string) =>
    messages.act(() => navigator.clipboard.writeText(value), 'Copied', 'Copy failed: select the text and copy it');

interface SecretOnceProps {
  /** What the secret is, e.g. 'Token for nightly export'. */
  title: string;
  /** Read-only values to copy, in order: [label, value]. The last one is the secret. */
  values: Array<[string, string]>;
  onCopy(value: string): void;
  onDone(): void;
}

/**
 * A secret just made (an access token, a client secret): the server keeps only its hash, so this is the one time
 * it is shown. Copy buttons beside each value; 'Done' hides it for good.
 */
export function SecretOnce({ title, values, onCopy, onDone }: SecretOnceProps) {
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: 2, mb: 3, borderColor: 'warning.main' }}>
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Copy it now: it is shown only once. Anyone who has it can act with it; keep it out of shared files and chats.
      </Typography>
      {values.map(([label, value]) => (
        <Box key={label} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <TextField
            label={label}
            value={value}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': `secret-${label.toLowerCase().replace(/\W+/g, '-')}` } }}
            onFocus={(e) => e.target.select()}
          />
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() => onCopy(value)}
            sx={{ flex: '0 0 auto' }}
            aria-label={`Copy ${label}`}
          >
            Copy
          </Button>
        </Box>
      ))}
      <Button variant="contained" onClick={onDone}>
        Done
      </Button>
    </Paper>
  );
}
