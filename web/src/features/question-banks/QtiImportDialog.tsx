import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { FormDialog } from '../../components/FormDialog';
import { QUESTION_TYPE_LABELS } from '../assessment-form/fields';
import { useQtiImport, type QtiResult, type QtiTarget } from './useQtiImport';

interface QtiImportDialogProps {
  target: QtiTarget;
  /** The bank's name or the item's title, for the dialog's title. */
  targetName: string;
  onClose(): void;
  /** After the import: show the result and load the bank (or the item's questions) again. */
  onApplied(result: QtiResult): Promise<unknown>;
}

/**
 * Import QTI (issue 30), two steps: choose the file and Preview (a dry run: nothing changes), then the list of
 * the questions that would come in and of the items skipped, with why, before Import.
 */
export function QtiImportDialog({ target, targetName, onClose, onApplied }: QtiImportDialogProps) {
  const q = useQtiImport(target, onApplied);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const preview = q.preview;

  const submit = () => {
    if (!preview) {
      void q.check();
      return;
    }
    setSaving(true);
    setFailed(null);
    void q.apply().then((error) => {
      setSaving(false);
      if (error) setFailed(error);
      else onClose();
    });
  };

  return (
    <FormDialog
      id="qti-import"
      title={`Import QTI into ${targetName}`}
      submitLabel={preview ? `Import ${preview.imported} question${preview.imported === 1 ? '' : 's'}` : 'Preview'}
      submitDisabled={Boolean(preview && preview.imported === 0)}
      onSubmit={submit}
      onClose={onClose}
      submitting={q.busy || saving}
      error={failed ?? q.error}
      maxWidth="md"
    >
      <Typography variant="body2" color="text.secondary">
        A QTI 3.0, 2.2 or 2.1 content package (.zip with imsmanifest.xml) or one item file (.xml), e.g. exported from Canvas or Moodle.
        Multiple choice, short answer (text entry) and long answer (extended text, file upload) questions come in; other kinds of items are
        listed as skipped.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          Choose file
          <input
            hidden
            type="file"
            accept=".zip,.xml,application/zip,text/xml,application/xml"
            aria-label="QTI file"
            onChange={(e) => q.choose(e.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{q.file ? q.file.name : 'No file chosen'}</Typography>
      </Box>
      {preview && <ImportPreview result={preview} />}
    </FormDialog>
  );
}

function ImportPreview({ result }: { result: QtiResult }) {
  return (
    <Box component="section" aria-label="Import preview" sx={{ display: 'grid', gap: 1.5 }}>
      <Alert severity={result.skipped.length ? 'warning' : 'info'}>
        {`Nothing is imported yet. ${result.imported} question${result.imported === 1 ? '' : 's'} will be added; ${result.skipped.length} item${result.skipped.length === 1 ? '' : 's'} will be skipped.`}
      </Alert>
      {result.questions.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" id="qti-imported">
            Questions to import
          </Typography>
          <Box component="ol" aria-labelledby="qti-imported" sx={{ m: 0, pl: 3 }}>
            {result.questions.map((x) => (
              <Typography component="li" variant="body2" key={x.identifier} sx={{ overflowWrap: 'anywhere' }}>
                {`${QUESTION_TYPE_LABELS[x.type]}: ${x.questionText}`}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      {result.skipped.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" id="qti-skipped">
            Skipped items
          </Typography>
          <Box component="ul" aria-labelledby="qti-skipped" sx={{ m: 0, pl: 3 }}>
            {result.skipped.map((x) => (
              <Typography component="li" variant="body2" key={x.identifier} sx={{ overflowWrap: 'anywhere' }}>
                {`${x.identifier} (${x.interaction}): ${x.reason}`}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
