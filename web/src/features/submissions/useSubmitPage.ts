import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorCode, errorMessage } from '../../lib/errors';
import { sendMultipart, type MultipartFile } from '../../lib/multipart';
import type { DraftAnswerInput, SubmitAnswerInput } from '../../gql/types';
import { REDIRECT_AFTER_SUBMIT_MS, submitFailedText, submittedText, type StudentKind } from './studentKinds';
import {
  MySubmissionViewFragmentDoc,
  SubmitAssessmentDocument,
  useSubmitPageQuery,
  type MySubmissionViewFragment,
  type SubmitPageQuery,
} from './submissions.generated';
import { useAutosave } from './useAutosave';
import { useDraftFiles } from './useDraftFiles';

export type SubmitItem = SubmitPageQuery['assessment'];

/** What the student has entered for one question. */
export interface AnswerState {
  answer: string;
  selectedOptionIds: string[];
  /** LongAnswer: a file chosen now that could not be kept with the draft yet (it goes with the submit). */
  file: File | null;
  /** LongAnswer: the file kept with the draft (the submit takes it when no other is sent). */
  draftFile: { id: string; name: string } | null;
  /** LongAnswer, on Resubmit: the file sent before, kept unless another is chosen or it is removed. */
  previousFile: { id: string; name: string } | null;
}

type Answers = Record<string, AnswerState>;

/** Long-answer uploads (section 9). */
export const UPLOAD_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'txt'];
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');
export const UPLOAD_TYPE_TEXT = 'Only PDF, JPG, JPEG, PNG, DOC, DOCX and TXT files can be uploaded';

export function allowedUpload(file: File): boolean {
  return UPLOAD_EXTENSIONS.includes(file.name.split('.').pop()?.toLowerCase() ?? '');
}

/** The answers the page opens with: the autosaved draft first, else (Resubmit) the answers sent before. */
function initialAnswers(item: SubmitItem): Answers {
  const draft = new Map(item.myDraft?.answers.map((a) => [a.questionId, a]));
  const sent = new Map(item.mySubmission?.answers.map((a) => [a.questionId, a]));
  const drafted = new Map(item.myDraft?.files.map((f) => [f.questionId, f.file]));
  return Object.fromEntries(
    item.questions.map((q) => {
      const from = draft.get(q.id) ?? sent.get(q.id);
      const known = new Set(q.options.map((o) => o.id));
      return [
        q.id,
        {
          answer: from?.answer ?? '',
          selectedOptionIds: (from?.selectedOptionIds ?? []).filter((id) => known.has(id)),
          file: null,
          draftFile: drafted.get(q.id) ?? null,
          previousFile: sent.get(q.id)?.file ?? null,
        },
      ];
    }),
  );
}

/**
 * /dashboard/{kind}/{id}/submit: one request for the item, the student's standing (server clock), the draft and
 * the answers of a reopened submission. The answers are autosaved as a draft while the student works; Submit
 * sends them (a multipart request when long answers carry files), shows the success text and goes back to the
 * list after 2 seconds.
 */
export function useSubmitPage(kind: StudentKind, id: string) {
  // the standing and the draft as they are now, never an older copy from the cache
  const query = useSubmitPageQuery({ variables: { id }, fetchPolicy: 'network-only' });
  const client = useApolloClient();
  const navigate = useNavigate();
  const item = query.data?.assessment && query.data.assessment.kind === kind.gql ? query.data.assessment : null;
  const [answers, setAnswers] = useState<Answers | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const redirect = useRef<number | undefined>(undefined);

  // the first answer of the server fills the form once
  if (item && answers === null) setAnswers(initialAnswers(item));

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const canSubmit = Boolean(item?.myStatus?.canSubmit) && !done;
  const draft = useMemo<DraftAnswerInput[] | null>(
    () =>
      answers
        ? Object.entries(answers).map(([questionId, a]) => ({ questionId, answer: a.answer, selectedOptionIds: a.selectedOptionIds }))
        : null,
    [answers],
  );
  const autosave = useAutosave(id, draft, canSubmit && !busy);

  const change = useCallback((questionId: string, patch: Partial<AnswerState>) => {
    setAnswers((prev) => (prev ? { ...prev, [questionId]: { ...prev[questionId], ...patch } } : prev));
  }, []);

  const draftFiles = useDraftFiles(id);
  /** A chosen file is kept with the draft at once; the answer to show (or the failure's text). */
  const chooseFile = async (questionId: string, file: File): Promise<string | null> => {
    const r = await draftFiles.attach(questionId, file);
    if ('kept' in r) change(questionId, { draftFile: r.kept, file: null });
    else if ('offline' in r) change(questionId, { file });
    return 'kept' in r ? null : 'refused' in r ? r.refused : r.offline;
  };
  const removeFile = async (questionId: string, which: 'file' | 'draftFile' | 'previousFile'): Promise<string | null> => {
    if (which === 'draftFile') {
      const failed = await draftFiles.remove(questionId);
      if (failed) return failed;
    }
    change(questionId, { [which]: null });
    return null;
  };

  const submit = async () => {
    if (!item || !answers || !canSubmit || busy) return;
    setBusy(true);
    setError(null);
    const files: MultipartFile[] = [];
    const input: SubmitAnswerInput[] = item.questions.map((q) => {
      const a = answers[q.id];
      const out: SubmitAnswerInput = { questionId: q.id };
      if (q.type === 'MCQ') out.selectedOptionIds = a.selectedOptionIds;
      else out.answer = a.answer;
      if (q.type === 'LONG_ANSWER') {
        if (a.file) {
          out.fileIndex = files.length;
          files.push({ path: `variables.files.${files.length}`, file: a.file });
        } else if (a.draftFile) {
          // the server takes the file the draft keeps
        } else if (a.previousFile) {
          out.keepFile = true;
        }
      }
      return out;
    });
    try {
      const variables = { input: { assessmentId: item.id, answers: input } };
      // files go as a multipart request (their variables are null, the map names them); else a plain one
      const submitted = files.length
        ? (await sendMultipart(SubmitAssessmentDocument, { ...variables, files: files.map(() => null) as unknown as File[] }, files))
            .submitAssessment
        : (await client.mutate({ mutation: SubmitAssessmentDocument, variables })).data?.submitAssessment;
      autosave.stop();
      if (submitted) remember(submitted);
      setDone(true);
      redirect.current = window.setTimeout(() => navigate(kind.listPath), REDIRECT_AFTER_SUBMIT_MS);
    } catch (e) {
      setError(errorMessage(e, submitFailedText(kind)));
    } finally {
      setBusy(false);
    }
  };

  /** The answer goes into the cache: the item's submission is this one, its standing and draft are stale. */
  const remember = (submission: MySubmissionViewFragment) => {
    const cache = client.cache;
    cache.writeFragment({
      id: cache.identify({ __typename: 'Submission', id: submission.id }),
      fragment: MySubmissionViewFragmentDoc,
      // the document holds the fragments it spreads too (lib/questions.graphql AnswerWithFile): name the one to write
      fragmentName: 'MySubmissionView',
      data: submission,
    });
    cache.modify({
      id: cache.identify({ __typename: 'Assessment', id }),
      fields: {
        mySubmission: (_, { toReference }) => toReference({ __typename: 'Submission', id: submission.id }) ?? null,
        myDraft: () => null,
        myStatus: (_, { DELETE }) => DELETE,
      },
    });
  };

  const notFound = errorCode(query.error) === 'NOT_FOUND' || Boolean(query.data && !item);
  return {
    item,
    loading: query.loading && !query.data,
    notFound,
    loadError: query.error && !notFound ? errorMessage(query.error, kind.detailsFailedText) : null,
    answers,
    change,
    chooseFile,
    removeFile,
    canSubmit,
    busy,
    success: done ? submittedText(kind) : null,
    error,
    clearError: useCallback(() => setError(null), []),
    submit,
    cancel: () => navigate(kind.listPath),
  };
}
