import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { CourseTabs } from '../courses/CourseTabs';
import { moduleLabel } from '../courses/format';
import { AddContentDialog, EditContentDialog, ReuseContentDialog } from './ContentDialogs';
import { ContentTable } from './ContentTable';
import { useModuleDetail, type ContentRow } from './useModuleDetail';

type Open = { kind: 'add' } | { kind: 'edit'; content: ContentRow } | { kind: 'reuse' } | null;

/** /dashboard/modules/{moduleId}: the module header and its Content tab. */
export function ModuleDetailPage() {
  const { moduleId = '' } = useParams();
  const d = useModuleDetail(moduleId);
  const [open, setOpen] = useState<Open>(null);
  const m = d.module;

  return (
    <>
      <Link
        component={RouterLink}
        to={m ? `/dashboard/courses/${m.course.id}` : '/dashboard/courses'}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        {m ? 'Back to Course' : 'Back to My Courses'}
      </Link>
      {d.loading ? (
        <Spinner />
      ) : d.loadError ? (
        <Alert severity="error" role="alert">
          <AlertTitle>Error!</AlertTitle>
          {d.loadError}
        </Alert>
      ) : d.notFound || !m ? (
        <Typography variant="h1" component="h1">
          Module not found.
        </Typography>
      ) : (
        <>
          <Banner severity="success" message={d.success} onClose={d.clearSuccess} />
          <Banner severity="error" message={d.error} onClose={d.clearError} />
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" color="primary" variant="outlined" label={moduleLabel(m)} />
              {!m.isVisible && <Chip size="small" color="warning" label="Hidden from students" />}
            </Box>
            <Typography variant="h1" component="h1" sx={{ mt: 1 }}>
              {m.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              Course: {m.course.title} · Subject: {m.course.subject.name} · Class: {m.course.class.name} · Academic Year:{' '}
              {m.course.academicYear.year}
            </Typography>
            <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{m.description || 'No description provided'}</Typography>
          </Paper>
          <CourseTabs
            id="module"
            label="Module sections"
            tabs={[
              {
                key: 'content',
                label: 'Content',
                render: () => (
                  <>
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
                      <Typography variant="h2" component="h2">
                        Content
                      </Typography>
                      <Box sx={{ display: 'flex', gap: 1 }}>
                        <Button variant="outlined" onClick={() => setOpen({ kind: 'reuse' })}>
                          Reuse Content
                        </Button>
                        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'add' })}>
                          Add Content
                        </Button>
                      </Box>
                    </Box>
                    <ContentTable
                      contents={d.contents}
                      loading={d.contentsLoading}
                      onDownload={(c) => void d.download(c)}
                      onEdit={(c) => setOpen({ kind: 'edit', content: c })}
                      onDelete={(c) => void d.deleteContent(c)}
                      onToggleVisibility={(c) => void d.toggleVisibility(c)}
                    />
                  </>
                ),
              },
            ]}
          />
        </>
      )}
      {open?.kind === 'add' && <AddContentDialog progress={d.progress} onClose={() => setOpen(null)} onUpload={d.upload} />}
      {open?.kind === 'edit' && (
        <EditContentDialog content={open.content} onClose={() => setOpen(null)} onSave={(f) => d.updateContent(open.content, f)} />
      )}
      {open?.kind === 'reuse' && <ReuseContentDialog moduleId={moduleId} onClose={() => setOpen(null)} onReuse={d.reuseContent} />}
    </>
  );
}
