import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { sendMultipart } from '../../lib/multipart';
import { ImportQtiDocument, type ImportQtiMutation } from './question-banks.generated';

export type QtiResult = ImportQtiMutation['importQti'];

/** Where an import goes: a bank (the bank page) or a saved item (the assessment editor). */
export type QtiTarget = { bankId: string } | { assessmentId: string };

/**
 * "Import QTI" into a bank or an item (issue 30): the package is first sent as a dry run, which changes nothing and says
 * what would be imported and what skipped; only then is the same file sent again to apply it.
 */
export function useQtiImport(target: QtiTarget, onApplied: (result: QtiResult) => Promise<unknown>) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<QtiResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = (chosen: File, dryRun: boolean) =>
    // the multipart spec: the file's variable is null in the operation, the map puts the file part there
    sendMultipart(ImportQtiDocument, { input: { file: null as unknown as File, ...target, dryRun } }, [
      { path: 'variables.input.file', file: chosen },
    ]).then((d) => d.importQti);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setError(null);
  };

  /** The first step: what the package holds. */
  const check = async () => {
    if (!file) {
      setError('Choose a QTI package (.zip) or item file (.xml)');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setPreview(await send(file, true));
    } catch (e) {
      setError(errorMessage(e, 'Failed to read the QTI package'));
    } finally {
      setBusy(false);
    }
  };

  /** The second step: import what the preview showed; resolves to the failure's text, or null. */
  const apply = async (): Promise<string | null> => {
    if (!file) return 'Choose a QTI package (.zip) or item file (.xml)';
    try {
      const result = await send(file, false);
      await onApplied(result);
      return null;
    } catch (e) {
      return errorMessage(e, 'Failed to import the QTI package');
    }
  };

  return { file, choose, preview, check, apply, busy, error };
}
