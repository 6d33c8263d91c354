import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Banner } from '../../components/Banner';
import { FormDialog } from '../../components/FormDialog';
import { Spinner } from '../../components/Spinner';
import { formatDateTime, fullName } from './format';
import {
  useCourseAnnouncements,
  validateAnnouncement,
  type AnnouncementErrors,
  type AnnouncementFields,
  type AnnouncementRow,
} from './useCourseAnnouncements';

type Open = { kind: 'create' } | { kind: 'edit'; announcement: AnnouncementRow } | null;

/** The Announcements tab of the teacher's course page. */
export function AnnouncementsTab({ courseId }: { courseId: string }) {
  const a = useCourseAnnouncements(courseId);
  const [open, setOpen] = useState<Open>(null);

  return (
    <>
      <Banner severity="success" message={a.success} onClose={a.clearSuccess} />
      <Banner severity="error" message={a.actionError ?? a.loadError} onClose={a.clearError} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h2" component="h2">
          Announcements
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'create' })}>
          Create Announcement
        </Button>
      </Box>
      {a.loading ? (
        <Spinner />
      ) : a.announcements.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">No announcements have been created for this course yet.</Typography>
        </Paper>
      ) : (
        <Box component="ul" aria-label="Announcements" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {a.announcements.map((item) => (
            <Paper component="li" variant="outlined" key={item.id} sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
                <Box sx={{ minWidth: 0 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography variant="h3" component="h3">
                      {item.title}
                    </Typography>
                    {!item.isVisible && <Chip size="small" label="Hidden" color="warning" />}
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    By {fullName(item.author)} · {formatDateTime(item.createdAt)}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <IconButton size="small" color="primary" aria-label={`Edit announcement ${item.title}`} onClick={() => setOpen({ kind: 'edit', announcement: item })}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" color="error" aria-label={`Delete announcement ${item.title}`} onClick={() => void a.deleteAnnouncement(item)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Box>
              </Box>
              <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{item.content}</Typography>
            </Paper>
          ))}
        </Box>
      )}
      {open?.kind === 'create' && <AnnouncementDialog onClose={() => setOpen(null)} onSave={a.createAnnouncement} />}
      {open?.kind === 'edit' && (
        <AnnouncementDialog
          announcement={open.announcement}
          onClose={() => setOpen(null)}
          onSave={(f) => a.updateAnnouncement(open.announcement, f)}
        />
      )}
    </>
  );
}

interface AnnouncementDialogProps {
  announcement?: AnnouncementRow;
  onClose(): void;
  onSave(fields: AnnouncementFields): Promise<string | null>;
}

/** Create Announcement / Edit Announcement. */
function AnnouncementDialog({ announcement, onClose, onSave }: AnnouncementDialogProps) {
  const [values, setValues] = useState<AnnouncementFields>(() => ({
    title: announcement?.title ?? '',
    content: announcement?.content ?? '',
    isVisible: announcement?.isVisible ?? true,
  }));
  const [errors, setErrors] = useState<AnnouncementErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof AnnouncementFields>(key: K, value: AnnouncementFields[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async () => {
    const found = validateAnnouncement(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    const failed = await onSave(values);
    setSaving(false);
    if (failed) setError(failed);
    else onClose();
  };

  return (
    <FormDialog
      id="announcement-dialog"
      title={announcement ? 'Edit Announcement' : 'Create Announcement'}
      submitLabel={announcement ? 'Update Announcement' : 'Create Announcement'}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={saving}
      error={error}
    >
      <TextField
        id="announcement-title"
        label="Title"
        required
        autoFocus
        value={values.title}
        onChange={(e) => set('title', e.target.value)}
        error={Boolean(errors.title)}
        helperText={errors.title}
      />
      <TextField
        id="announcement-content"
        label="Content"
        required
        multiline
        minRows={4}
        value={values.content}
        onChange={(e) => set('content', e.target.value)}
        error={Boolean(errors.content)}
        helperText={errors.content}
      />
      <FormControlLabel
        control={<Checkbox id="announcement-visible" checked={values.isVisible} onChange={(e) => set('isVisible', e.target.checked)} />}
        label="Visible to students"
      />
    </FormDialog>
  );
}
