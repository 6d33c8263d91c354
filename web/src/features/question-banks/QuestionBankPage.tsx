import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import EditIcon from '@mui/icons-material/Edit';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useParams } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { BackLink, Loaded } from '../../components/DetailPage';
import { CardList, EmptyCard } from '../../components/ListTab';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BankDialog } from './BankDialog';
import { BankQuestionDialog } from './BankQuestionDialog';
import { BankQuestionItem } from './BankQuestionItem';
import { TagSelect } from './BankPicker';
import { SHARING_LABEL } from './labels';
import { MoveQuestionsDialog } from './MoveQuestionsDialog';
import { QtiImportDialog } from './QtiImportDialog';
import { useQuestionBank, type Bank } from './useQuestionBank';
import { ROUTES } from '@lms/routes';

/** /dashboard/question-banks/:id (issue 30): one bank's questions with their tags and statistics. */
export function QuestionBankPage() {
  const { id = '' } = useParams();
  const b = useQuestionBank(id);
  useDocumentTitle(b.bank ? `Question bank ${b.bank.name}` : 'Question bank');
  return (
    <>
      <BackLink to={ROUTES.questionBanks}>Back to question banks</BackLink>
      <Loaded
        loading={b.loading}
        error={b.notFound ? null : b.loadError}
        value={b.notFound ? null : b.bank}
        notFoundText="Question bank not found."
      >
        {(bank) => <BankView bank={bank} b={b} />}
      </Loaded>
    </>
  );
}

function BankView({ bank, b }: { bank: Bank; b: ReturnType<typeof useQuestionBank> }) {
  const [importing, setImporting] = useState(false);
  const numberOf = (qid: string) => bank.questions.findIndex((q) => q.id === qid) + 1;
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
        {bank.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {`${bank.subject.name} · ${bank.ownerName} · ${SHARING_LABEL[bank.sharing]} · ${bank.questionCount} question${bank.questionCount === 1 ? '' : 's'}`}
      </Typography>
      {bank.description && <Typography sx={{ mb: 2, maxWidth: 720 }}>{bank.description}</Typography>}
      <Banner severity="success" message={b.messages.success} onClose={b.messages.clearSuccess} />
      <Banner severity="error" message={b.messages.actionError} onClose={b.messages.clearError} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        {bank.canEdit && (
          <>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => b.setEditing({ kind: 'add' })}>
              Add question
            </Button>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
              Import QTI
            </Button>
            <Button variant="outlined" startIcon={<DriveFileMoveIcon />} disabled={b.ticked.length === 0} onClick={() => b.setMoving(true)}>
              {b.ticked.length ? `Move ${b.ticked.length} selected` : 'Move selected'}
            </Button>
          </>
        )}
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void b.exportQti()}>
          Export QTI
        </Button>
        {bank.canManage && (
          <>
            <Button variant="outlined" startIcon={<EditIcon />} onClick={b.openBankEdit}>
              Edit bank
            </Button>
            <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => void b.removeBank()}>
              Delete bank
            </Button>
          </>
        )}
      </Box>
      {b.editingBank && <BankDialog form={b.bankForm} onSubmit={b.submitBank} />}
      {bank.tags.length > 0 && (
        <Box sx={{ mb: 2, maxWidth: 320 }}>
          <TagSelect id="bank-tag-filter" label="Show questions tagged" tags={bank.tags} value={b.tag} onChange={b.setTag} />
        </Box>
      )}
      {b.shown.length === 0 ? (
        <EmptyCard text={bank.questions.length ? 'No question has this tag.' : 'This bank has no questions yet.'} />
      ) : (
        <CardList label="Questions">
          {b.shown.map((q) => {
            const n = numberOf(q.id);
            return (
              <BankQuestionItem
                key={q.id}
                q={q}
                n={n}
                canEdit={bank.canEdit}
                ticked={b.ticked.includes(q.id)}
                onTick={(on) => b.tick(q.id, on)}
                onEdit={() => b.setEditing({ kind: 'edit', question: q })}
                onDelete={() => void b.removeQuestion(q, n)}
              />
            );
          })}
        </CardList>
      )}
      {b.editing && (
        <BankQuestionDialog
          question={b.editing.kind === 'edit' ? b.editing.question : null}
          n={b.editing.kind === 'edit' ? numberOf(b.editing.question.id) : bank.questions.length + 1}
          onClose={() => b.setEditing(null)}
          onSave={b.save}
        />
      )}
      {b.moving && (
        <MoveQuestionsDialog fromBankId={bank.id} count={b.ticked.length} onClose={() => b.setMoving(false)} onMove={b.moveTicked} />
      )}
      {importing && (
        <QtiImportDialog
          target={{ bankId: bank.id }}
          targetName={bank.name}
          onClose={() => setImporting(false)}
          onApplied={async (result) => {
            b.messages.setSuccess(
              `${result.imported} question${result.imported === 1 ? '' : 's'} imported${result.skipped.length ? `, ${result.skipped.length} skipped` : ''}`,
            );
            await b.refetch();
          }}
        />
      )}
    </>
  );
}
