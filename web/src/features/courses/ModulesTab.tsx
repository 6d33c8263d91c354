import { Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { EditDeleteButtons } from '../../components/EditDeleteButtons';
import { VisibilityToggle } from '../../components/VisibilityToggle';
import { ListTab, ReuseAddButtons } from '../../components/ListTab';
import type { CourseModulesTabFragment } from './courses.generated';
import { moduleLabel } from '../../lib/format';
import { lazyPage } from '../../lib/lazyPage';
import { useCourseModules, type ModuleRow } from './useCourseModules';
import { pathTo } from '@lms/routes';

// the dialogs' code is not needed to show the modules: it comes once the tab is up, for those who may edit
const ModuleDialog = lazyPage(() => import('./ModuleDialogs'), 'ModuleDialog');
const ReuseModuleDialog = lazyPage(() => import('./ModuleDialogs'), 'ReuseModuleDialog');

type Open = { kind: 'create' } | { kind: 'edit'; module: ModuleRow } | { kind: 'reuse' } | null;

/** The Modules tab of the teacher's course page; Add, Reuse, edit, delete and hide only for who may manage the course. */
export function ModulesTab({ course }: { course: CourseModulesTabFragment }) {
  const m = useCourseModules(course);
  const [open, setOpen] = useState<Open>(null);
  useEffect(() => {
    if (m.canManage) void ModuleDialog.preload().catch(() => undefined);
  }, [m.canManage]);

  return (
    <>
      <ListTab
        title="Modules"
        actions={
          m.canManage && (
            <ReuseAddButtons noun="Module" onReuse={() => setOpen({ kind: 'reuse' })} onAdd={() => setOpen({ kind: 'create' })} />
          )
        }
        success={m.success}
        onClearSuccess={m.clearSuccess}
        error={m.error}
        onClearError={m.clearError}
        count={m.modules.length}
        emptyText="No modules have been created for this course yet."
        emptyAction={
          m.canManage && (
            <Button variant="contained" onClick={() => setOpen({ kind: 'create' })}>
              Create First Module
            </Button>
          )
        }
      >
        {m.modules.map((mod) => (
          <Paper
            component="li"
            variant="outlined"
            key={mod.id}
            sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
          >
            <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" color="primary" variant="outlined" label={moduleLabel(mod)} />
                <Typography variant="h3" component="h3">
                  {mod.title}
                </Typography>
                {!mod.isVisible && <Chip size="small" label="Hidden" color="warning" />}
              </Box>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {mod.description || 'No description provided'}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
              <Button
                component={RouterLink}
                to={pathTo('module', { moduleId: mod.id })}
                size="small"
                variant="outlined"
                aria-label={`${m.canManage ? 'Manage' : 'View'} Content of ${mod.title}`}
              >
                {m.canManage ? 'Manage Content' : 'View Content'}
              </Button>
              {m.canManage && (
                <>
                  <VisibilityToggle visible={mod.isVisible} name={`module ${mod.title}`} onToggle={() => void m.toggleVisibility(mod)} />
                  <EditDeleteButtons
                    name={`module ${mod.title}`}
                    onEdit={() => setOpen({ kind: 'edit', module: mod })}
                    onDelete={() => void m.deleteModule(mod)}
                  />
                </>
              )}
            </Box>
          </Paper>
        ))}
      </ListTab>
      <Suspense fallback={null}>
        {open?.kind === 'create' && <ModuleDialog nextOrder={m.nextOrder} onClose={() => setOpen(null)} onSave={m.createModule} />}
        {open?.kind === 'edit' && (
          <ModuleDialog
            module={open.module}
            nextOrder={m.nextOrder}
            onClose={() => setOpen(null)}
            onSave={(fields) => m.updateModule(open.module, fields)}
          />
        )}
        {open?.kind === 'reuse' && <ReuseModuleDialog courseId={course.id} onClose={() => setOpen(null)} onReuse={m.reuseModule} />}
      </Suspense>
    </>
  );
}
