import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { EditDeleteButtons } from '../../components/EditDeleteButtons';
import { QUESTION_TYPE_LABELS } from '../assessment-form/fields';
import { ItemStatistics } from './ItemStatistics';
import { QuestionImages } from '../../components/QuestionImages';
import type { BankQuestion } from './useQuestionBank';

interface BankQuestionItemProps {
  q: BankQuestion & { statistics?: Parameters<typeof ItemStatistics>[0]['stats'] | null };
  n: number;
  canEdit: boolean;
  ticked: boolean;
  onTick(on: boolean): void;
  onEdit(): void;
  onDelete(): void;
}

/** One bank question on the bank page: its key, tags, where it is used, and its statistics once answered. */
export function BankQuestionItem({ q, n, canEdit, ticked, onTick, onEdit, onDelete }: BankQuestionItemProps) {
  const name = `Question ${n}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={name}
      sx={{ p: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}
    >
      <Box sx={{ display: 'grid', gap: 1, alignContent: 'start', minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {canEdit && (
            <FormControlLabel
              sx={{ mr: 0 }}
              control={<Checkbox checked={ticked} onChange={(e) => onTick(e.target.checked)} />}
              label={`Select question ${n}`}
            />
          )}
          <Typography variant="h3" component="h3" sx={{ flex: 1 }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {`${QUESTION_TYPE_LABELS[q.type]} · ${q.points} point${q.points === 1 ? '' : 's'}`}
          </Typography>
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{q.questionText}</Typography>
        <QuestionImages images={q.images} />
        <Answers q={q} />
        {q.tags.length > 0 && (
          <Box
            component="ul"
            aria-label={`Tags of question ${n}`}
            sx={{ listStyle: 'none', display: 'flex', gap: 0.5, flexWrap: 'wrap', p: 0, m: 0 }}
          >
            {q.tags.map((t) => (
              <li key={t}>
                <Chip size="small" variant="outlined" label={t} />
              </li>
            ))}
          </Box>
        )}
        <Typography variant="body2" color="text.secondary">
          {q.usedIn.length === 0
            ? 'Not used in an assessment yet'
            : `Used in: ${q.usedIn.map((u) => `${u.title}${u.drawn ? ' (random draw)' : u.linked ? ' (linked)' : ''}`).join(', ')}`}
        </Typography>
        {canEdit && (
          <Box>
            <EditDeleteButtons name={`question ${n}`} onEdit={onEdit} onDelete={onDelete} />
          </Box>
        )}
      </Box>
      {q.statistics ? (
        <ItemStatistics stats={q.statistics} points={q.points} label={`Statistics of question ${n}`} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No answers yet: statistics appear once students answer it.
        </Typography>
      )}
    </Paper>
  );
}

function Answers({ q }: { q: BankQuestion }) {
  if (q.type === 'MCQ') {
    return (
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {q.options.map((o) => (
          <Typography
            component="li"
            variant="body2"
            key={o.id}
            sx={{ overflowWrap: 'anywhere', fontWeight: o.isCorrect ? 600 : undefined }}
          >
            {o.isCorrect ? `${o.text} (correct)` : o.text}
          </Typography>
        ))}
        {q.partialMarking.enabled && (
          <Typography
            component="li"
            variant="body2"
            color="text.secondary"
          >{`Partial marking, ${q.partialMarking.penaltyPerWrong}% off per wrong option`}</Typography>
        )}
      </Box>
    );
  }
  if (q.type === 'SHORT_ANSWER') {
    return (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {`Accepted: ${q.acceptedAnswers.map((a) => (a.weight === 100 ? a.answer : `${a.answer} (${a.weight}%)`)).join(', ')}`}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary">
      Graded by the teacher.
    </Typography>
  );
}
