import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { Loaded } from '../../components/DetailPage';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { EmptyRow } from '../../components/TableCells';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BankDialog } from './BankDialog';
import { SHARING_SHORT } from './labels';
import { useQuestionBanks, type BankRow } from './useQuestionBanks';
import { pathTo } from '@lms/routes';

const COLUMNS = ['Name', 'Subject', 'Owner', 'Sharing', 'Questions'];

export const bankPath = (id: string) => pathTo('questionBank', { id });

/** /dashboard/question-banks (issue 30): the banks a teacher may use, and a new bank. */
export function QuestionBanksPage() {
  useDocumentTitle('Question banks');
  const b = useQuestionBanks();
  const { form } = b;
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h1" component="h1">
          Question banks
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={b.open}>
          New question bank
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        Keep questions by subject and unit, tag them, and take them into assignments, quizzes and exams, or let each student draw their own
        at random.
      </Typography>
      <Banner severity="success" message={b.messages.success} onClose={b.messages.clearSuccess} />
      <Banner severity="error" message={b.messages.actionError} onClose={b.messages.clearError} />
      {b.creating && <BankDialog form={form} onSubmit={b.submit} subjects={b.subjects} />}
      <Loaded loading={b.loading} error={b.loadError} value={b.banks} notFoundText="No question banks.">
        {(banks) => <BankTable banks={banks} />}
      </Loaded>
    </>
  );
}

function BankTable({ banks }: { banks: readonly BankRow[] }) {
  return (
    <ResponsiveTable columns={COLUMNS} container={Paper} containerProps={{ variant: 'outlined' }} aria-label="Question banks">
      <TableHead>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableCell key={c}>{c}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {banks.length === 0 && <EmptyRow colSpan={COLUMNS.length} text="No question bank yet: make one with New question bank." />}
        {banks.map((bank) => (
          <TableRow key={bank.id}>
            <TableCell>
              <Link component={RouterLink} to={bankPath(bank.id)} sx={{ fontWeight: 600 }}>
                {bank.name}
              </Link>
              {bank.description && (
                <Typography variant="body2" color="text.secondary">
                  {bank.description}
                </Typography>
              )}
            </TableCell>
            <TableCell>{bank.subject.name}</TableCell>
            <TableCell>{bank.ownerName}</TableCell>
            <TableCell>{SHARING_SHORT[bank.sharing]}</TableCell>
            <TableCell>{bank.questionCount}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ResponsiveTable>
  );
}
