import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { errorMessage } from '../../lib/errors';
import { sendMultipart } from '../../lib/multipart';
import { getToken } from '../../lib/token';
import { useActionMessages } from '../../components/useActionMessages';
import { ImportOneRosterDocument, OneRosterDocument, useOneRosterQuery, type OneRosterImportRowFragment } from './oneroster.generated';

export type ImportRow = OneRosterImportRowFragment;

/** The export's address (REST, since the answer is a file). */
const EXPORT_PATH = '/api/oneroster/export';

/**
 * Settings -> Integrations -> OneRoster: the addresses to give another system, a zip previewed then applied (the
 * file is kept in the page between the two, so the server holds nothing), the last imports, and the export.
 */
export function useOneRoster() {
  const query = useOneRosterQuery({ fetchPolicy: 'cache-and-network' });
  const client = useApolloClient();
  const messages = useActionMessages();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportRow | null>(null);
  const [busy, setBusy] = useState(false);

  const run = (apply: boolean) =>
    messages.act(
      async () => {
        if (!file) throw new Error('Please select a zip file to import');
        setBusy(true);
        try {
          const report = (
            await sendMultipart(ImportOneRosterDocument, { file: null, input: { apply } }, [{ path: 'variables.file', file }])
          ).importOneRoster;
          await client.refetchQueries({ include: [OneRosterDocument] });
          setPreview(report);
          if (apply && !report.applied) throw new Error('Nothing was changed: fix the rows listed and upload the zip again');
          if (report.applied) setFile(null);
        } finally {
          setBusy(false);
        }
      },
      apply ? 'Imported: the school now holds what the zip says' : 'Preview ready: nothing has changed yet',
      'Failed to import the zip',
    );

  const exportZip = () =>
    messages.act(
      async () => {
        const res = await fetch(EXPORT_PATH, { headers: { authorization: `Bearer ${getToken() ?? ''}` } });
        if (!res.ok) throw new Error(((await res.json().catch(() => ({}))) as { message?: string }).message ?? 'Failed to export');
        const url = URL.createObjectURL(await res.blob());
        const a = document.createElement('a');
        a.href = url;
        a.download = `oneroster-${new Date().toISOString().slice(0, 10)}.zip`;
        a.click();
        URL.revokeObjectURL(url);
      },
      'The OneRoster zip was exported',
      'Failed to export',
    );

  return {
    addresses: query.data?.oneRosterAddresses ?? null,
    imports: query.data?.oneRosterImports ?? [],
    loading: query.loading && !query.data,
    loadError: query.error && !query.data ? errorMessage(query.error, 'Failed to load OneRoster') : null,
    file,
    choose: (f: File | null) => {
      setFile(f);
      setPreview(null);
    },
    preview,
    busy,
    previewZip: () => run(false),
    applyZip: () => run(true),
    exportZip,
    messages,
  };
}
