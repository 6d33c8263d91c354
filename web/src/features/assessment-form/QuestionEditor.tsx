import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { SelectField } from '../../components/SelectField';
import { QuestionImages } from '../../components/QuestionImages';
import { QUESTION_TYPES, QUESTION_TYPE_LABELS, newAnswer, newOption, newQuestion, validateQuestion, type QuestionDraft } from './fields';

interface RowListProps<T extends { key: string }> {
  /** 'Option' or 'Accepted answer': the rows' labels and the add button's text. */
  noun: string;
  rows: T[];
  onChange(rows: T[]): void;
  make(): T;
  /** The inputs of one row; `n` counts from 1. */
  render(row: T, n: number, set: (row: T) => void): ReactNode;
  error?: string;
  /** Names the question in the buttons' accessible names. */
  questionNo: number;
}

/** MCQ options and accepted short answers: rows with add and remove; a row can go only while more than one remains. */
function RowList<T extends { key: string }>({ noun, rows, onChange, make, render, error, questionNo }: RowListProps<T>) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {rows.map((row, i) => (
        // the delete button keeps its own column beside the row, on phones too (issue 25)
        <Box key={row.key} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 1, alignItems: 'start' }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
            {render(row, i + 1, (next) => onChange(rows.map((r) => (r.key === row.key ? next : r))))}
          </Box>
          <IconButton
            sx={{ mt: 0.5 }}
            size="small"
            color="error"
            aria-label={`Remove ${noun.toLowerCase()} ${i + 1} of question ${questionNo}`}
            disabled={rows.length <= 1}
            onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      {error && <FormHelperText error>{error}</FormHelperText>}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange([...rows, make()])}
          aria-label={`Add ${noun.toLowerCase()} to question ${questionNo}`}
        >
          {`Add ${noun}`}
        </Button>
      </Box>
    </Box>
  );
}

interface QuestionCardProps {
  q: QuestionDraft;
  n: number;
  count: number;
  showErrors: boolean;
  onChange(q: QuestionDraft): void;
  /** Without them (a bank's one-question editor) the card has no move and remove buttons. */
  onMove?(by: -1 | 1): void;
  onRemove?(): void;
  /** More fields at the card's end (a bank question's tags). */
  children?: ReactNode;
  /** The card's element: a list item in the editor's list, a plain box alone. */
  component?: 'li' | 'div';
}

/** One question's editor: type, points, text, and the type's own fields; also the bank's question dialog (issue 30). */
export function QuestionCard({ q, n, count, showErrors, onChange, onMove, onRemove, children, component = 'li' }: QuestionCardProps) {
  const errors = showErrors ? validateQuestion(q) : {};
  const id = `question-${n}`;
  const set = <K extends keyof QuestionDraft>(key: K, value: QuestionDraft[K]) => onChange({ ...q, [key]: value });

  return (
    <Paper component={component} variant="outlined" aria-label={`Question ${n}`} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h3" sx={{ flex: 1 }}>
          {`Question ${n}`}
        </Typography>
        {q.bankQuestionId && <Chip size="small" variant="outlined" label={q.bankLinked ? 'Linked to bank' : 'Copied from bank'} />}
        {onMove && (
          <>
            <IconButton size="small" aria-label={`Move question ${n} up`} disabled={n === 1} onClick={() => onMove(-1)}>
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={`Move question ${n} down`} disabled={n === count} onClick={() => onMove(1)}>
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </>
        )}
        {onRemove && (
          <IconButton size="small" color="error" aria-label={`Remove question ${n}`} onClick={onRemove}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      {q.bankLinked && (
        <Typography variant="body2" color="text.secondary">
          Changes made in the bank replace this question until the first student submits.
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <SelectField
          id={`${id}-type`}
          label="Question Type"
          value={q.type}
          options={QUESTION_TYPES}
          labels={QUESTION_TYPE_LABELS}
          onChange={(type) => set('type', type)}
        />
        <TextField
          id={`${id}-points`}
          label="Points"
          type="number"
          required
          value={q.points}
          onChange={(e) => set('points', e.target.value)}
          error={Boolean(errors.points)}
          helperText={errors.points}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
      </Box>
      <TextField
        id={`${id}-text`}
        label="Question Text"
        required
        multiline
        minRows={2}
        value={q.questionText}
        onChange={(e) => set('questionText', e.target.value)}
        error={Boolean(errors.questionText)}
        helperText={errors.questionText}
      />
      <QuestionImages images={q.images} />
      {q.type === 'MCQ' && (
        <>
          <RowList
            noun="Option"
            questionNo={n}
            rows={q.options}
            make={() => newOption()}
            onChange={(options) => set('options', options)}
            error={errors.options}
            render={(o, i, setRow) => (
              <>
                <TextField
                  id={`${id}-option-${i}`}
                  label={`Option ${i}`}
                  size="small"
                  sx={{ flex: '1 1 220px' }}
                  value={o.text}
                  onChange={(e) => setRow({ ...o, text: e.target.value })}
                />
                <FormControlLabel
                  control={
                    <Checkbox
                      id={`${id}-option-${i}-correct`}
                      checked={o.isCorrect}
                      onChange={(e) => setRow({ ...o, isCorrect: e.target.checked })}
                    />
                  }
                  label={`Option ${i} is correct`}
                />
              </>
            )}
          />
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <FormControlLabel
              control={
                <Checkbox id={`${id}-partial`} checked={q.partialEnabled} onChange={(e) => set('partialEnabled', e.target.checked)} />
              }
              label="Partial marking"
            />
            {q.partialEnabled && (
              <TextField
                id={`${id}-penalty`}
                label="Penalty per wrong option (%)"
                type="number"
                size="small"
                sx={{ minWidth: 240 }}
                value={q.penalty}
                onChange={(e) => set('penalty', e.target.value)}
                error={Boolean(errors.penalty)}
                helperText={errors.penalty}
                slotProps={{ htmlInput: { min: 0, max: 100, step: 1 } }}
              />
            )}
          </Box>
        </>
      )}
      {q.type === 'SHORT_ANSWER' && (
        <RowList
          noun="Accepted answer"
          questionNo={n}
          rows={q.answers}
          make={() => newAnswer()}
          onChange={(answers) => set('answers', answers)}
          error={errors.answers}
          render={(a, i, setRow) => (
            <>
              <TextField
                id={`${id}-answer-${i}`}
                label={`Accepted answer ${i}`}
                size="small"
                sx={{ flex: '1 1 220px' }}
                value={a.answer}
                onChange={(e) => setRow({ ...a, answer: e.target.value })}
              />
              <TextField
                id={`${id}-answer-${i}-weight`}
                label={`Weight of answer ${i} (%)`}
                type="number"
                size="small"
                sx={{ width: 190 }}
                value={a.weight}
                onChange={(e) => setRow({ ...a, weight: e.target.value })}
                slotProps={{ htmlInput: { min: 0, max: 100, step: 1 } }}
              />
            </>
          )}
        />
      )}
      {q.type === 'LONG_ANSWER' && (
        <Typography variant="body2" color="text.secondary">
          Students answer in writing or with a file; the teacher grades it.
        </Typography>
      )}
      {children}
    </Paper>
  );
}

interface QuestionEditorProps {
  questions: QuestionDraft[];
  onChange(questions: QuestionDraft[]): void;
  /** The list's message ('Please add at least one question'...). */
  error?: string;
  /** After a first submit, each question shows what is missing. */
  showErrors: boolean;
  /** More buttons beside Add Question ('Add from bank', 'Save to bank'). */
  actions?: ReactNode;
}

/** The question editor (spec section 2): the question type switches the editor shown; the order is the list's. */
export function QuestionEditor({ questions, onChange, error, showErrors, actions }: QuestionEditorProps) {
  const move = (i: number, by: -1 | 1) => {
    const next = [...questions];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="h3" sx={{ mb: 1 }}>
        Questions
      </Typography>
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {questions.map((q, i) => (
          <QuestionCard
            key={q.key}
            q={q}
            n={i + 1}
            count={questions.length}
            showErrors={showErrors}
            onChange={(next) => onChange(questions.map((x) => (x.key === q.key ? next : x)))}
            onMove={(by) => move(i, by)}
            onRemove={() => onChange(questions.filter((x) => x.key !== q.key))}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => onChange([...questions, newQuestion()])}>
          Add Question
        </Button>
        {actions}
      </Box>
    </Box>
  );
}
