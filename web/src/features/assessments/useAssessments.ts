import { useApolloClient } from '@apollo/client/react';
import { addToList, evictObject, type CacheObject } from '../../lib/cacheUpdates';
import { errorCode, errorCount, errorMessage } from '../../lib/errors';
import { confirmAction } from '../../components/confirm';
import { useActionMessages } from '../../components/useActionMessages';
import type { AssessmentKind } from '../../gql/types';
import {
  AssessmentRegradePreviewDocument,
  useCloneAssessmentMutation,
  useCreateAssessmentMutation,
  useDeleteAssessmentMutation,
  useUpdateAssessmentMutation,
  type AssessmentRowFragment,
} from './assessments.generated';
import { fromLocalInput, inputFrom, type AssessmentFields } from '../assessment-form/fields';
import { doneText, failedText, type Kind } from '../../lib/assessmentKinds';
import type { Regrade } from './RegradePreview';

export type AssessmentRow = AssessmentRowFragment;

/** The GraphQL kind of each of the three. */
export const GQL_KIND: Record<Kind['key'], AssessmentKind> = { assignment: 'ASSIGNMENT', exam: 'EXAM', quiz: 'QUIZ' };

/** Where a tab's list lives: the course's assignments or exams, or the module's quizzes. */
export interface ListOwner {
  /** The course or the module, as the cache knows it. */
  object: CacheObject;
  /** Its list field: 'assignments', 'exams' or 'quizzes'. */
  field: string;
  /** What the create input names: the course (assignments, exams) or the module (quizzes). */
  input: { courseId: string } | { moduleId: string };
}

export interface ReuseFields {
  title: string;
  description: string;
  /** The copy's new due date (datetime-local), or '' to keep the original's. */
  dueDate: string;
}

/**
 * One tab of assessments (Assignments, Exams or Quizzes): the list comes from the page's query (a fragment);
 * create, edit, delete and reuse change the cached list from the mutations' answers, nothing is fetched again.
 * New items go where the server lists them: quizzes at the top, assignments and exams by the server's order
 * (the create answer carries it); reused items are appended (spec section 2).
 */
export function useAssessments(kind: Kind, owner: ListOwner) {
  const [createMutation] = useCreateAssessmentMutation();
  const [updateMutation] = useUpdateAssessmentMutation();
  const [deleteMutation] = useDeleteAssessmentMutation();
  const [cloneMutation] = useCloneAssessmentMutation();
  const msgs = useActionMessages();
  const client = useApolloClient();

  const create = (fields: AssessmentFields): Promise<string | null> =>
    msgs.attempt(
      () =>
        createMutation({
          variables: { input: { kind: GQL_KIND[kind.key], ...owner.input, ...inputFrom(fields) } },
          update: (cache, { data }) => {
            if (data) addToList(cache, owner.object, owner.field, { __typename: 'Assessment', id: data.createAssessment.id }, 'start');
          },
        }),
      doneText(kind, 'created'),
      failedText(kind, 'create'),
    );

  const update = (row: AssessmentRow, fields: AssessmentFields): Promise<string | null> =>
    msgs.attempt(
      () => updateMutation({ variables: { input: { id: row.id, version: fields.version ?? row.version, ...inputFrom(fields) } } }),
      doneText(kind, 'updated'),
      failedText(kind, 'update'),
    );

  /**
   * Before an edit: what it would do to the submissions (nothing is changed by asking). Null when there are none,
   * or when the preview failed (logged; the save itself still answers with the server's message).
   */
  const regradePreview = async (row: AssessmentRow, fields: AssessmentFields): Promise<Regrade | null> => {
    try {
      const { data } = await client.query({
        query: AssessmentRegradePreviewDocument,
        variables: { input: { id: row.id, version: fields.version ?? row.version, ...inputFrom(fields) } },
        fetchPolicy: 'network-only',
      });
      const preview = data?.assessmentRegradePreview;
      return preview && preview.submissionCount > 0 ? preview : null;
    } catch (error) {
      console.error('Failed to preview the regrade', error);
      return null;
    }
  };

  /**
   * Asks first, and sends "no submissions" (0). When submissions would go with it the server refuses
   * (CONFLICT) and says how many; the teacher is asked again with that text, and only that count sent back
   * deletes them too (issue 11, point 6).
   */
  const remove = async (row: AssessmentRow): Promise<void> => {
    if (!confirmAction(`Are you sure you want to delete the ${kind.key} ${row.title}?`)) return;
    const send = (confirmSubmissions?: number) =>
      deleteMutation({
        variables: { id: row.id, confirmSubmissions },
        update: (cache) => evictObject(cache, { __typename: 'Assessment', id: row.id }),
      });
    msgs.setActionError(null);
    try {
      await send(0);
      msgs.setSuccess(doneText(kind, 'deleted'));
    } catch (error) {
      const question = errorMessage(error, '');
      // the server counts them in the error's extensions (the text says the same, for people)
      const count = errorCount(error, 'submissions');
      if (errorCode(error) !== 'CONFLICT' || !count) {
        msgs.setActionError(errorMessage(error, failedText(kind, 'delete')));
        return;
      }
      if (!confirmAction(question)) return;
      await msgs.act(() => send(count), doneText(kind, 'deleted'), failedText(kind, 'delete'));
    }
  };

  /** Reuse: a deep copy of `assessmentId` appended to this course or module. */
  const reuse = (assessmentId: string, fields: ReuseFields): Promise<string | null> => {
    const target = 'moduleId' in owner.input ? { newModuleId: owner.input.moduleId } : { targetCourseId: owner.input.courseId };
    const input = {
      assessmentId,
      ...target,
      title: fields.title.trim() || undefined,
      description: fields.description.trim(),
      dueDate: fields.dueDate ? fromLocalInput(fields.dueDate) : undefined,
    };
    return msgs.attempt(
      () =>
        cloneMutation({
          variables: { input },
          update: (cache, { data }) => {
            if (data)
              addToList(cache, owner.object, owner.field, { __typename: 'Assessment', id: data.cloneAssessment.assessment.id }, 'end');
          },
        }),
      doneText(kind, 'reused'),
      failedText(kind, 'reuse'),
    );
  };

  return {
    success: msgs.success,
    error: msgs.actionError,
    clearSuccess: msgs.clearSuccess,
    clearError: msgs.clearError,
    /** Shows a failure in the tab's error banner (a dialog that could not load). */
    showError: msgs.setActionError,
    create,
    update,
    regradePreview,
    remove,
    reuse,
  };
}
