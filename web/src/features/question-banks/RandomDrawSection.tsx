import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { newKey, type DrawDraft } from '../assessment-form/fields';
import { BankSelect, TagSelect } from './BankPicker';
import { ANY_TAG } from './labels';
import { useBankDrawCountQuery, useQuestionBanksQuery } from './question-banks.generated';
import type { BankRow } from './useQuestionBanks';
import { MAX_PAGE } from '../../lib/listMax';

interface RandomDrawSectionProps {
  draws: DrawDraft[];
  onChange(draws: DrawDraft[]): void;
  error?: string;
}

/**
 * The editor's "Random draw" section (issue 30): each row draws N questions from a bank (of a tag, or any) for
 * each student when they open the item; the draw is kept, so it never changes for them.
 */
export function RandomDrawSection({ draws, onChange, error }: RandomDrawSectionProps) {
  const banks = useQuestionBanksQuery({ variables: MAX_PAGE }).data?.questionBanks.nodes ?? [];
  const set = (next: DrawDraft) => onChange(draws.map((d) => (d.key === next.key ? next : d)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="h3" sx={{ mb: 1 }}>
        Random draw
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Each student gets their own questions, picked at random from a bank when they first open it; they keep the same ones after.
      </Typography>
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
      {draws.length > 0 && (
        <Box component="ol" aria-label="Random draws" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {draws.map((d, i) => (
            <DrawRow
              key={d.key}
              draw={d}
              n={i + 1}
              banks={banks}
              onChange={set}
              onRemove={() => onChange(draws.filter((x) => x.key !== d.key))}
            />
          ))}
        </Box>
      )}
      <Box>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => onChange([...draws, { key: newKey(), bankId: '', tag: ANY_TAG, count: '1' }])}
        >
          Add random draw
        </Button>
      </Box>
    </Box>
  );
}

interface DrawRowProps {
  draw: DrawDraft;
  n: number;
  banks: readonly BankRow[];
  onChange(d: DrawDraft): void;
  onRemove(): void;
}

function DrawRow({ draw, n, banks, onChange, onRemove }: DrawRowProps) {
  const bank = banks.find((b) => b.id === draw.bankId);
  const count = useBankDrawCountQuery({ variables: { id: draw.bankId, tag: draw.tag || null }, skip: !draw.bankId });
  const available = count.data?.questionBank.questions.length;
  const id = `draw-${n}`;
  return (
    <Paper component="li" variant="outlined" aria-label={`Random draw ${n}`} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle1" component="h4" sx={{ flex: 1 }}>
          {`Random draw ${n}`}
        </Typography>
        <IconButton size="small" color="error" aria-label={`Remove random draw ${n}`} onClick={onRemove}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
        <BankSelect
          id={`${id}-bank`}
          banks={banks}
          value={draw.bankId}
          onChange={(bankId) => onChange({ ...draw, bankId, tag: ANY_TAG })}
        />
        <TagSelect id={`${id}-tag`} tags={bank?.tags ?? []} value={draw.tag} onChange={(tag) => onChange({ ...draw, tag })} />
        <TextField
          id={`${id}-count`}
          label="How many questions"
          type="number"
          value={draw.count}
          onChange={(e) => onChange({ ...draw, count: e.target.value })}
          slotProps={{ htmlInput: { min: 1, max: available, step: 1 } }}
        />
      </Box>
      <Typography
        variant="body2"
        color={available !== undefined && Number(draw.count) > available ? 'error' : 'text.secondary'}
        aria-live="polite"
      >
        {!draw.bankId
          ? 'Choose a bank to see how many questions it has.'
          : available === undefined
            ? 'Counting the questions...'
            : `${available} question${available === 1 ? '' : 's'} available`}
      </Typography>
    </Paper>
  );
}
