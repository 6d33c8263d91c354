import { useApolloClient } from '@apollo/client/react';
import { errorMessage } from '../../lib/errors';
import { downloadFile } from '../../lib/download';
import { draftFrom, type QuestionDraft } from '../assessment-form/fields';
import { ItemAfterQtiDocument } from './question-banks.generated';
import type { QtiResult } from './useQtiImport';

interface ItemQtiHandlers {
  /** The imported questions for the end of the form's list, with the item's new version. */
  onAdd(added: QuestionDraft[], version: number): void;
  onSaved(message: string): void;
  onFailed(message: string): void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * QTI for a saved item in the assessment editor (issue 30): after an import the server has appended the
 * questions (in one transaction, with a new version), so the item is read again and its last `imported`
 * questions join the form, which moves on to that version; the export downloads the item's package.
 */
export function useItemQti(assessmentId: string, title: string, h: ItemQtiHandlers) {
  const client = useApolloClient();
  const readItem = async () => {
    const { data } = await client.query({ query: ItemAfterQtiDocument, variables: { id: assessmentId }, fetchPolicy: 'network-only' });
    if (!data) throw new Error('The item could not be read again');
    return data.assessment;
  };

  const imported = async (result: QtiResult) => {
    const item = await readItem();
    const added = [...item.questions].sort((a, b) => a.order - b.order).slice(-result.imported);
    h.onAdd(added.map(draftFrom), item.version);
    h.onSaved(`${plural(result.imported, 'question')} imported${result.skipped.length ? `, ${result.skipped.length} skipped` : ''}`);
  };

  const exportQti = async () => {
    try {
      const item = await readItem();
      if (!item.qtiUrl) throw new Error('Only the teachers of the course may export it');
      await downloadFile(item.qtiUrl, `${title || 'questions'}.zip`);
      h.onSaved(`${title} downloaded as a QTI package`);
    } catch (e) {
      h.onFailed(errorMessage(e, 'Failed to export the questions'));
    }
  };

  return { imported, exportQti };
}
