import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorCode, errorMessage } from '../../lib/errors';
import { confirmAction } from '../../components/confirm';
import { useActionMessages } from '../../components/useActionMessages';
import { useDialogForm } from '../../components/useDialogForm';
import { downloadFile } from '../../lib/download';
import { questionInputFrom, type QuestionDraft } from '../assessment-form/fields';
import { ANY_TAG, parseTags } from './labels';
import { checkBank, type BankValues } from './useQuestionBanks';
import {
  QuestionBankDocument,
  QuestionBanksDocument,
  useAddBankQuestionsMutation,
  useDeleteBankQuestionMutation,
  useMoveBankQuestionsMutation,
  useQuestionBankQuery,
  useDeleteQuestionBankMutation,
  useUpdateBankQuestionMutation,
  useUpdateQuestionBankMutation,
  type QuestionBankQuery,
} from './question-banks.generated';
import { ROUTES } from '@lms/routes';

export type Bank = QuestionBankQuery['questionBank'];
export type BankQuestion = Bank['questions'][number];

/** The question dialog: a new question, or one of the bank's. */
export type Editing = { kind: 'add' } | { kind: 'edit'; question: BankQuestion } | null;

/** A bank question as the bank's inputs carry it (the item editor's fields and the tags). */
export const bankInputFrom = (q: QuestionDraft, tags: string) => ({ ...questionInputFrom(q), tags: parseTags(tags) });

/**
 * One question bank's page (issue 30): its questions, a tag filter, add / edit / delete, moving ticked questions
 * to another bank, and the QTI download. After a change the bank is asked again (its tags, counts and
 * statistics are the server's to say).
 */
export function useQuestionBank(id: string) {
  const query = useQuestionBankQuery({ variables: { id }, fetchPolicy: 'cache-and-network' });
  const again = { refetchQueries: [QuestionBankDocument, QuestionBanksDocument], awaitRefetchQueries: true };
  const [add] = useAddBankQuestionsMutation(again);
  const [update] = useUpdateBankQuestionMutation(again);
  const [remove] = useDeleteBankQuestionMutation(again);
  const [move] = useMoveBankQuestionsMutation(again);
  const [updateBank] = useUpdateQuestionBankMutation(again);
  const [deleteBank] = useDeleteQuestionBankMutation({ refetchQueries: [QuestionBanksDocument] });
  const navigate = useNavigate();
  const [editingBank, setEditingBank] = useState(false);
  const bankForm = useDialogForm<BankValues>({ name: '', description: '', subjectId: '', sharing: 'PRIVATE' }, () => setEditingBank(false));
  const messages = useActionMessages();
  const [tag, setTag] = useState(ANY_TAG);
  const [editing, setEditing] = useState<Editing>(null);
  const [ticked, setTicked] = useState<string[]>([]);
  const [moving, setMoving] = useState(false);

  const bank = query.data?.questionBank ?? null;
  const shown = (bank?.questions ?? []).filter((q) => tag === ANY_TAG || q.tags.includes(tag));

  const save = (draft: QuestionDraft, tags: string): Promise<string | null> => {
    const input = bankInputFrom(draft, tags);
    if (editing?.kind === 'edit') {
      return messages.attempt(
        () => update({ variables: { input: { id: editing.question.id, ...input } } }),
        'Question updated',
        'Failed to update the question',
      );
    }
    return messages.attempt(
      () => add({ variables: { input: { bankId: id, questions: [input] } } }),
      'Question added',
      'Failed to add the question',
    );
  };

  const removeQuestion = async (q: BankQuestion, n: number) => {
    const uses = q.usedIn.length ? ` It stays in the ${q.usedIn.length} assessment(s) that use it, as a copy.` : '';
    if (!confirmAction(`Delete question ${n} from the bank?${uses}`)) return;
    await messages.act(() => remove({ variables: { id: q.id } }), 'Question deleted', 'Failed to delete the question');
    setTicked((t) => t.filter((x) => x !== q.id));
  };

  const moveTicked = (toBankId: string, toName: string): Promise<string | null> =>
    messages.attempt(
      async () => {
        await move({ variables: { input: { ids: ticked, toBankId } } });
        setTicked([]);
      },
      `${ticked.length === 1 ? 'One question' : `${ticked.length} questions`} moved to ${toName}`,
      'Failed to move the questions',
    );

  /** Edit bank: name, description and sharing (its owner, SuperAdmin and Admin). */
  const openBankEdit = () => {
    if (!bank) return;
    bankForm.replace({ name: bank.name, description: bank.description, subjectId: bank.subject.id, sharing: bank.sharing });
    setEditingBank(true);
  };
  const submitBank = bankForm.submitWith(checkBank, (v) =>
    messages.attempt(
      () =>
        updateBank({
          variables: { input: { id, name: v.name.trim(), description: v.description.trim(), sharing: v.sharing, version: bank?.version } },
        }),
      'Question bank saved',
      'Failed to save the question bank',
    ),
  );

  /** Delete bank: its questions go; copies in assessments stay; refused while an assessment draws from it. */
  const removeBank = async () => {
    if (
      !bank ||
      !confirmAction(`Delete the question bank ${bank.name} and its ${bank.questionCount} questions? Copies in assessments stay.`)
    )
      return;
    if (
      await messages.act(
        () => deleteBank({ variables: { id } }),
        `Question bank ${bank.name} deleted`,
        'Failed to delete the question bank',
      )
    ) {
      void navigate(ROUTES.questionBanks);
    }
  };

  const exportQti = () =>
    bank &&
    messages.act(
      () => downloadFile(bank.qtiUrl, `${bank.name}.zip`),
      `${bank.name} downloaded as a QTI package`,
      'Failed to export the bank',
    );

  return {
    bank,
    loading: query.loading && !query.data,
    loadError: query.error && !query.data ? errorMessage(query.error, 'Failed to load the question bank') : null,
    notFound: Boolean(query.error && !query.data && errorCode(query.error) === 'NOT_FOUND'),
    tag,
    setTag,
    shown,
    editing,
    setEditing,
    save,
    removeQuestion,
    ticked,
    tick: (qid: string, on: boolean) => setTicked((t) => (on ? [...t, qid] : t.filter((x) => x !== qid))),
    moving,
    setMoving,
    moveTicked,
    exportQti,
    editingBank,
    openBankEdit,
    bankForm,
    submitBank,
    removeBank,
    refetch: () => query.refetch(),
    messages,
  };
}
