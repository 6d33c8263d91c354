import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Link as RouterLink } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { moduleLabel } from './format';
import { ModuleDialog, ReuseModuleDialog } from './ModuleDialogs';
import { useCourseModules, type ModuleRow } from './useCourseModules';

type Open = { kind: 'create' } | { kind: 'edit'; module: ModuleRow } | { kind: 'reuse' } | null;

/** The Modules tab of the teacher's course page. */
export function ModulesTab({ courseId }: { courseId: string }) {
  const m = useCourseModules(courseId);
  const [open, setOpen] = useState<Open>(null);

  return (
    <>
      <Banner severity="success" message={m.success} onClose={m.clearSuccess} />
      <Banner severity="error" message={m.error} onClose={m.clearError} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h2" component="h2">
          Modules
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="outlined" onClick={() => setOpen({ kind: 'reuse' })}>
            Reuse Module
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'create' })}>
            Add Module
          </Button>
        </Box>
      </Box>
      {m.loading ? (
        <Spinner />
      ) : m.modules.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            No modules have been created for this course yet.
          </Typography>
          <Button variant="contained" onClick={() => setOpen({ kind: 'create' })}>
            Create First Module
          </Button>
        </Paper>
      ) : (
        <Box component="ul" aria-label="Modules" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {m.modules.map((mod) => (
            <Paper component="li" variant="outlined" key={mod.id} sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
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
                  to={`/dashboard/modules/${mod.id}`}
                  size="small"
                  variant="outlined"
                  aria-label={`Manage Content of ${mod.title}`}
                >
                  Manage Content
                </Button>
                <Tooltip title={mod.isVisible ? 'Hide from students' : 'Show to students'}>
                  <IconButton
                    size="small"
                    aria-label={mod.isVisible ? `Hide module ${mod.title}` : `Show module ${mod.title}`}
                    onClick={() => void m.toggleVisibility(mod)}
                  >
                    {mod.isVisible ? <VisibilityIcon fontSize="small" /> : <VisibilityOffIcon fontSize="small" />}
                  </IconButton>
                </Tooltip>
                <IconButton size="small" color="primary" aria-label={`Edit module ${mod.title}`} onClick={() => setOpen({ kind: 'edit', module: mod })}>
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" color="error" aria-label={`Delete module ${mod.title}`} onClick={() => void m.deleteModule(mod)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            </Paper>
          ))}
        </Box>
      )}
      {open?.kind === 'create' && <ModuleDialog nextOrder={m.nextOrder} onClose={() => setOpen(null)} onSave={m.createModule} />}
      {open?.kind === 'edit' && (
        <ModuleDialog
          module={open.module}
          nextOrder={m.nextOrder}
          onClose={() => setOpen(null)}
          onSave={(fields) => m.updateModule(open.module, fields)}
        />
      )}
      {open?.kind === 'reuse' && <ReuseModuleDialog courseId={courseId} onClose={() => setOpen(null)} onReuse={m.reuseModule} />}
    </>
  );
}
