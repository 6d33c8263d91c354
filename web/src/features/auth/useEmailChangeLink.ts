import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { useConfirmEmailChangeMutation, useReportEmailChangeMutation } from './auth.generated';

export type EmailChangeLink = 'confirm' | 'report';

/**
 * The two links of a sign-in email change (issue 23). The link opens a page with one button instead of acting
 * on load, so a mail scanner that fetches every link in a message confirms or cancels nothing.
 */
export function useEmailChangeLink(kind: EmailChangeLink, token: string) {
  const [confirm, confirmState] = useConfirmEmailChangeMutation();
  const [report, reportState] = useReportEmailChangeMutation();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = async () => {
    setError(null);
    try {
      const answer =
        kind === 'confirm'
          ? (await confirm({ variables: { token } })).data?.confirmEmailChange.message
          : (await report({ variables: { token } })).data?.reportEmailChange.message;
      setDone(answer ?? null);
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong'));
    }
  };

  return { act, done, error, loading: confirmState.loading || reportState.loading };
}
