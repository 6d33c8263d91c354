import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { useActionMessages } from '../../components/useActionMessages';
import { useDialogForm, type FieldErrors } from '../../components/useDialogForm';
import type { BankSharing } from '../../gql/types';
import {
  QuestionBanksDocument,
  useBankSubjectsQuery,
  type BankSubjectsQuery,
  useCreateQuestionBankMutation,
  useQuestionBanksQuery,
  type QuestionBankRowFragment,
} from './question-banks.generated';
import { MAX_PAGE } from '../../lib/listMax';

export type BankRow = QuestionBankRowFragment;

export interface BankValues {
  name: string;
  description: string;
  subjectId: string;
  sharing: BankSharing;
}

const NEW_BANK: BankValues = { name: '', description: '', subjectId: '', sharing: 'PRIVATE' };

export function checkBank(v: BankValues): FieldErrors<BankValues> {
  const errors: FieldErrors<BankValues> = {};
  if (!v.name.trim()) errors.name = 'Name is required';
  if (!v.subjectId) errors.subjectId = 'Choose the subject';
  return errors;
}

/** A teacher's subjects (each once, by name), or every active subject for who teaches none. */
function subjectsOf(data: BankSubjectsQuery | undefined): { id: string; name: string }[] {
  if (!data) return [];
  const taught = new Map(
    data.myCourses.flatMap((y) => y.classes.flatMap((c) => c.subjects.map((s) => [s.subject.id, s.subject] as const))),
  );
  const list = taught.size ? [...taught.values()] : data.subjects.nodes.filter((s) => s.isActive);
  return [...list].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The Question banks page (issue 30): the banks the teacher may read (theirs, the ones shared with them; every
 * bank for SuperAdmin and Admin), and a new bank.
 */
export function useQuestionBanks() {
  const query = useQuestionBanksQuery({ variables: MAX_PAGE, fetchPolicy: 'cache-and-network' });
  const [creating, setCreating] = useState(false);
  const subjects = useBankSubjectsQuery({ skip: !creating });
  const [create] = useCreateQuestionBankMutation();
  const messages = useActionMessages();
  const form = useDialogForm<BankValues>(NEW_BANK, () => setCreating(false));

  const submit = form.submitWith(checkBank, (v) =>
    messages.attempt(
      () =>
        create({
          variables: { input: { name: v.name.trim(), description: v.description.trim(), subjectId: v.subjectId, sharing: v.sharing } },
          // the server orders the list by name: it is asked again
          refetchQueries: [QuestionBanksDocument],
          awaitRefetchQueries: true,
        }),
      `Question bank ${v.name.trim()} created`,
      'Failed to create the question bank',
    ),
  );

  return {
    banks: query.data?.questionBanks.nodes ?? null,
    loading: query.loading && !query.data,
    loadError: query.error && !query.data ? errorMessage(query.error, 'Failed to load the question banks') : null,
    subjects: subjectsOf(subjects.data),
    creating,
    open: () => {
      form.replace(NEW_BANK);
      setCreating(true);
    },
    form,
    submit,
    messages,
  };
}
