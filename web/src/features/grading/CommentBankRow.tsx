import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { Banner } from '../../components/Banner';
import type { CommentBank } from './useCommentBank';

/** A snippet's text on its button, cut to fit; the whole text is in its title and goes into the feedback. */
const short = (text: string) => (text.length > 48 ? `${text.slice(0, 47)}…` : text);

/** The feedback with a snippet added after what is there. */
export function withSnippet(feedback: string, snippet: string): string {
  const before = feedback.trimEnd();
  return before ? `${before} ${snippet}` : snippet;
}

/** Alt+1 .. Alt+9 (by the key's place, whatever the layout): the snippet of that number, or null. */
export function snippetShortcut(event: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; code: string }): number | null {
  if (!event.altKey || event.ctrlKey || event.metaKey) return null;
  const m = /^Digit([1-9])$/.exec(event.code);
  return m ? Number(m[1]) - 1 : null;
}

interface RowProps {
  bank: CommentBank;
  /** Unique on the page: the row's label id starts with it. */
  id: string;
  feedback: string;
  onInsert(text: string): void;
}

/**
 * The comment bank under a feedback field (issue 25 point 3): each snippet a button that adds it to the
 * feedback (the first nine also by Alt+1..9 in the feedback), a delete button beside it, and 'Keep in bank'
 * for the feedback typed.
 */
export function CommentBankRow({ bank, id, feedback, onInsert }: RowProps) {
  const labelId = `${id}-bank`;
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {bank.snippets.length ? 'Comment bank (Alt+1 to Alt+9 in the feedback)' : 'Comment bank: keep feedback you use often'}
      </Typography>
      <Banner severity="error" message={bank.error} onClose={bank.clearError} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {bank.snippets.map((s, i) => (
          <Box
            key={s.id}
            sx={{ display: 'inline-flex', alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 4, maxWidth: '100%' }}
          >
            <Button
              size="small"
              title={s.text}
              onClick={() => onInsert(s.text)}
              aria-keyshortcuts={i < 9 ? `Alt+${i + 1}` : undefined}
              sx={{ textTransform: 'none', minWidth: 0, overflowWrap: 'anywhere', textAlign: 'left' }}
            >
              {i < 9 ? `${i + 1}. ${short(s.text)}` : short(s.text)}
            </Button>
            <IconButton size="small" aria-label={`Delete comment ${i + 1} from the bank`} onClick={() => void bank.remove(s.id)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
        <Button size="small" variant="text" disabled={!feedback.trim()} onClick={() => void bank.add(feedback.trim())}>
          Keep in bank
        </Button>
      </Box>
    </Box>
  );
}
