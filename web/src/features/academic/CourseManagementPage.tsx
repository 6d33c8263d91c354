import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { StatusChip } from './AcademicParts';
import { ACADEMIC_ROUTES, assignTeacherLink, classesOfYearLink, editLink, teacherName } from './academicShared';
import { useCourseManagement, useYearTree, type TreeClass, type TreeYear } from './useCourseManagement';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** /dashboard/course-management: platform.md section 2. */
export function CourseManagementPage() {
  useDocumentTitle('Course Management');
  const cm = useCourseManagement();
  // the active year opens at load (the newest may be next year's, still being prepared: issue 25)
  const openAtLoad = (cm.years.find((y) => y.isActive) ?? cm.years[0])?.id ?? null;

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Course Management
      </Typography>
      {cm.canManage && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}>
          <Button component={RouterLink} to={ACADEMIC_ROUTES.years} variant="contained">
            Manage Academic Years
          </Button>
          <Button component={RouterLink} to={ACADEMIC_ROUTES.classes} variant="contained">
            Manage Classes
          </Button>
          <Button component={RouterLink} to={ACADEMIC_ROUTES.subjects} variant="contained">
            Manage Subjects
          </Button>
          <Button component={RouterLink} to={ACADEMIC_ROUTES.allocations} variant="contained">
            Assign Teachers
          </Button>
        </Box>
      )}
      <Banner severity="error" message={cm.banners.error} onClose={cm.banners.clearError} />
      {cm.loading ? (
        <Spinner label="Loading academic structure..." />
      ) : cm.years.length === 0 ? (
        <EmptyState text="No academic years have been created yet.">
          {cm.canManage && <LinkButton to={ACADEMIC_ROUTES.years}>Create Academic Year</LinkButton>}
        </EmptyState>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {cm.years.map((year) => (
            <YearNode key={year.id} year={year} first={year.id === openAtLoad} cm={cm} />
          ))}
        </Box>
      )}
    </>
  );
}

type CM = ReturnType<typeof useCourseManagement>;

/** `first`: the year open at load (the active one, else the first), its first class too. */
function YearNode({ year, first, cm }: { year: TreeYear; first: boolean; cm: CM }) {
  const open = cm.isOpen(year.id, first);
  const regionId = `year-${year.id}-classes`;
  return (
    <Paper component="section" variant="outlined" aria-label={`Academic Year ${year.year}`}>
      <NodeHeader
        level={2}
        open={open}
        controls={regionId}
        onToggle={() => cm.toggle(year.id, first)}
        title={`Academic Year ${year.year}`}
        extra={<StatusChip active={year.isActive} />}
        editTo={cm.canManage ? editLink(ACADEMIC_ROUTES.years, year.id) : undefined}
        editLabel={`Edit academic year ${year.year}`}
      />
      <Collapse in={open} unmountOnExit>
        <Box id={regionId} sx={{ px: { xs: 1, sm: 2 }, pb: 2, display: 'grid', gap: 1.5 }}>
          <YearClasses year={year} first={first} cm={cm} />
        </Box>
      </Collapse>
    </Paper>
  );
}

/** The classes of an open year: mounted while the year is open, it loads that year's tree. */
function YearClasses({ year, first, cm }: { year: TreeYear; first: boolean; cm: CM }) {
  const tree = useYearTree(year.id, cm.reportTreeError);
  if (tree.loading) return <Spinner label="Loading academic structure..." />;
  if (tree.failed) return null;
  return tree.classes.length === 0 ? (
    <EmptyState text="No classes in this academic year yet.">
      {cm.canManage && <LinkButton to={classesOfYearLink(year.id)}>Add Class</LinkButton>}
    </EmptyState>
  ) : (
    <>
      {tree.classes.map((cls, i) => (
        <ClassNode key={cls.id} cls={cls} year={year} openAtLoad={first && i === 0} cm={cm} />
      ))}
    </>
  );
}

function ClassNode({ cls, year, openAtLoad, cm }: { cls: TreeClass; year: TreeYear; openAtLoad: boolean; cm: CM }) {
  const open = cm.isOpen(cls.id, openAtLoad);
  const regionId = `class-${cls.id}-allocations`;
  return (
    <Paper variant="outlined" sx={{ bgcolor: 'grey.50' }}>
      <NodeHeader
        level={3}
        open={open}
        controls={regionId}
        onToggle={() => cm.toggle(cls.id, openAtLoad)}
        title={cls.name}
        extra={
          <>
            <Chip size="small" variant="outlined" label={`Grade ${cls.grade}`} />
            {!cls.isActive && <StatusChip active={false} />}
          </>
        }
        editTo={cm.canManage ? editLink(ACADEMIC_ROUTES.classes, cls.id) : undefined}
        editLabel={`Edit class ${cls.name} (${year.year})`}
      />
      <Collapse in={open} unmountOnExit>
        <Box id={regionId} sx={{ px: { xs: 1, sm: 2 }, pb: 2 }}>
          {cls.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {cls.description}
            </Typography>
          )}
          {cls.allocations.length === 0 ? (
            <EmptyState
              text={cm.canManage ? 'No subjects or teachers are assigned to this class yet.' : 'No subjects to show for this class.'}
            >
              {cm.canManage && !cm.hasSubjects && <LinkButton to={ACADEMIC_ROUTES.subjects}>Add Subject</LinkButton>}
              {cm.canManage && <LinkButton to={assignTeacherLink(cls.id, year.id)}>Assign Teacher</LinkButton>}
            </EmptyState>
          ) : (
            <Table size="small" aria-label={`Subjects and teachers of ${cls.name} (${year.year})`}>
              <TableHead>
                <TableRow>
                  <TableCell>Subject</TableCell>
                  <TableCell>Teachers</TableCell>
                  {cm.canManage && <TableCell align="right">Actions</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {cls.allocations.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell>{a.subject.name}</TableCell>
                    <TableCell>{a.teachers.map(teacherName).join(', ') || '-'}</TableCell>
                    {cm.canManage && (
                      <TableCell align="right">
                        <IconButton
                          component={RouterLink}
                          to={editLink(ACADEMIC_ROUTES.allocations, a.id)}
                          size="small"
                          color="primary"
                          aria-label={`Edit teacher assignment ${a.subject.name} in ${cls.name} (${year.year})`}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Box>
      </Collapse>
    </Paper>
  );
}

interface NodeHeaderProps {
  level: 2 | 3;
  open: boolean;
  controls: string;
  onToggle(): void;
  title: string;
  extra?: ReactNode;
  editTo?: string;
  editLabel: string;
}

/** A tree node's heading: a toggle button (aria-expanded) with the node's name, badges and an edit link. */
function NodeHeader({ level, open, controls, onToggle, title, extra, editTo, editLabel }: NodeHeaderProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, flexWrap: 'wrap' }}>
      <Typography variant={level === 2 ? 'h2' : 'h3'} component={level === 2 ? 'h2' : 'h3'} sx={{ flex: '1 1 auto', m: 0 }}>
        <Button
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={open ? controls : undefined}
          startIcon={open ? <ExpandMoreIcon /> : <ChevronRightIcon />}
          color="inherit"
          sx={{ font: 'inherit', textTransform: 'none', justifyContent: 'flex-start' }}
        >
          {title}
        </Button>
      </Typography>
      {extra}
      {editTo && (
        <IconButton component={RouterLink} to={editTo} size="small" color="primary" aria-label={editLabel}>
          <EditIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Box sx={{ py: 1.5, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Typography color="text.secondary">{text}</Typography>
      {children}
    </Box>
  );
}

function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={RouterLink} to={to} variant="outlined" size="small">
      {children}
    </Button>
  );
}
