import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { EditDeleteButtons } from '../../components/EditDeleteButtons';
import { FormDialog } from '../../components/FormDialog';
import { ListTab } from '../../components/ListTab';
import { useDialogForm } from '../../components/useDialogForm';
import { VisibleCheckbox } from '../../components/VisibleCheckbox';
import type { CourseAnnouncementsTabFragment } from './courses.generated';
import { formatDateTime, fullName } from '../../lib/format';
import { useCourseAnnouncements, validateAnnouncement, type AnnouncementFields, type AnnouncementRow } from './useCourseAnnouncements';

type Open = { kind: 'create' } | { kind: 'edit'; announcement: AnnouncementRow } | null;

/** The Announcements tab of the teacher's course page; Create, edit and delete only for who may manage the course. */
export function AnnouncementsTab({ course }: { course: CourseAnnouncementsTabFragment }) {
  const a = useCourseAnnouncements(course);
  const [open, setOpen] = useState<Open>(null);

  return (
    <>
      <ListTab
        title="Announcements"
        actions={
          a.canManage && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'create' })}>
              Create Announcement
            </Button>
          )
        }
        success={a.success}
        onClearSuccess={a.clearSuccess}
        error={a.actionError}
        onClearError={a.clearError}
        count={a.announcements.length}
        emptyText="No announcements have been created for this course yet."
      >
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
              {a.canManage && (
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <EditDeleteButtons
                    name={`announcement ${item.title}`}
                    onEdit={() => setOpen({ kind: 'edit', announcement: item })}
                    onDelete={() => void a.deleteAnnouncement(item)}
                  />
                </Box>
              )}
            </Box>
            <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{item.content}</Typography>
          </Paper>
        ))}
      </ListTab>
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
  const form = useDialogForm<AnnouncementFields>(
    () => ({ title: announcement?.title ?? '', content: announcement?.content ?? '', isVisible: announcement?.isVisible ?? true }),
    onClose,
  );

  return (
    <FormDialog
      id="announcement-dialog"
      title={announcement ? 'Edit Announcement' : 'Create Announcement'}
      submitLabel={announcement ? 'Update Announcement' : 'Create Announcement'}
      onSubmit={form.submitWith(validateAnnouncement, onSave)}
      {...form.dialog}
    >
      <TextField id="announcement-title" label="Title" required autoFocus {...form.text('title')} />
      <TextField id="announcement-content" label="Content" required multiline minRows={4} {...form.text('content')} />
      <VisibleCheckbox id="announcement-visible" checked={form.values.isVisible} onChange={(v) => form.set('isVisible', v)} />
    </FormDialog>
  );
}
