import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { BackLink, Loaded } from '../../components/DetailPage';
import { ReuseAddButtons, SectionHeader } from '../../components/ListTab';
import { ModuleQuizzesTab } from '../assessments/AssessmentTabs';
import { CourseTabs } from '../../components/CourseTabs';
import { moduleLabel } from '../../lib/format';
import { AddContentDialog, EditContentDialog, ReuseContentDialog } from './ContentDialogs';
import { ContentTable } from './ContentTable';
import { useModuleDetail, type ContentRow } from './useModuleDetail';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ROUTES, pathTo } from '@lms/routes';

type Open = { kind: 'add' } | { kind: 'edit'; content: ContentRow } | { kind: 'reuse' } | null;

/**
 * /dashboard/modules/{moduleId}: the module header and its Content and Quizzes tabs, from one query. Add, Reuse, edit, hide and
 * delete show only to who may change the course (`viewerCanManage`); everyone who may see it can download.
 */
export function ModuleDetailPage() {
  const { moduleId = '' } = useParams();
  const d = useModuleDetail(moduleId);
  const [open, setOpen] = useState<Open>(null);
  const m = d.module;
  useDocumentTitle(m ? `Module ${m.title}` : d.notFound ? 'Module not found' : null);

  return (
    <>
      <BackLink to={m ? pathTo('course', { courseId: m.course.id }) : ROUTES.courses}>
        {m ? 'Back to Course' : 'Back to My Courses'}
      </BackLink>
      <Loaded loading={d.loading} error={d.loadError} errorTitle="Error!" value={d.notFound ? null : m} notFoundText="Module not found.">
        {(mod) => (
          <>
            <Banner severity="success" message={d.success} onClose={d.clearSuccess} />
            <Banner severity="error" message={d.error} onClose={d.clearError} />
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" color="primary" variant="outlined" label={moduleLabel(mod)} />
                {!mod.isVisible && <Chip size="small" color="warning" label="Hidden from students" />}
              </Box>
              <Typography variant="h1" component="h1" sx={{ mt: 1 }}>
                {mod.title}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                Course: {mod.course.title} · Subject: {mod.course.subject.name} · Class: {mod.course.class.name} · Academic Year:{' '}
                {mod.course.academicYear.year}
              </Typography>
              <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{mod.description || 'No description provided'}</Typography>
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
                      <SectionHeader title="Content">
                        {d.canManage && (
                          <ReuseAddButtons
                            noun="Content"
                            onReuse={() => setOpen({ kind: 'reuse' })}
                            onAdd={() => setOpen({ kind: 'add' })}
                          />
                        )}
                      </SectionHeader>
                      <ContentTable
                        contents={d.contents}
                        canManage={d.canManage}
                        onDownload={(c) => void d.download(c)}
                        onEdit={(c) => setOpen({ kind: 'edit', content: c })}
                        onDelete={(c) => void d.deleteContent(c)}
                        onToggleVisibility={(c) => void d.toggleVisibility(c)}
                      />
                    </>
                  ),
                },
                { key: 'quizzes', label: 'Quizzes', render: () => <ModuleQuizzesTab module={mod} /> },
              ]}
            />
          </>
        )}
      </Loaded>
      {open?.kind === 'add' && <AddContentDialog progress={d.progress} onClose={() => setOpen(null)} onUpload={d.upload} />}
      {open?.kind === 'edit' && (
        <EditContentDialog content={open.content} onClose={() => setOpen(null)} onSave={(f) => d.updateContent(open.content, f)} />
      )}
      {open?.kind === 'reuse' && <ReuseContentDialog moduleId={moduleId} onClose={() => setOpen(null)} onReuse={d.reuseContent} />}
    </>
  );
}
