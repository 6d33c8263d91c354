import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { MyChildrenQuery } from './families.generated';
import { formatDateTime } from '../../lib/format';
import { StatusChip, type StatusLabel } from '../submissions/StatusChip';
import { DashboardCard, EmptyText } from '../../components/DashboardParts';
import { pathTo } from '@lms/routes';

export type ChildCard = MyChildrenQuery['myChildren'][number];
type CardItem = ChildCard['recentGraded'][number];

/** What the parent is told with no child linked, and how to change that. */
export const NO_CHILDREN_TEXT = 'No children are linked to your account yet. Ask the school office to link your child.';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontSize: '1.25rem' }}>{value}</Typography>
    </Box>
  );
}

const scoreText = (i: CardItem) =>
  i.score ? `${i.score.totalScore}/${i.score.maxScore} (${i.score.percentage}%)` : 'Score not released yet';

function ItemList({ items, label, empty, graded }: { items: CardItem[]; label: string; empty: string; graded: boolean }) {
  if (items.length === 0) return <EmptyText>{empty}</EmptyText>;
  return (
    <List dense aria-label={label}>
      {items.map((i) => (
        <ListItem key={i.assessmentId} disableGutters secondaryAction={<StatusChip label={i.label as StatusLabel} />} sx={{ pr: 22 }}>
          <ListItemText
            primary={i.title}
            secondary={`${i.subjectName ?? i.courseTitle} · ${graded ? scoreText(i) : `Due ${formatDateTime(i.dueDate)}`}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** One linked child, from real data: class, courses, attendance rate, recently graded work and what is due. */
export function ChildOverview({ child }: { child: ChildCard }) {
  const name = `${child.child.firstName} ${child.child.lastName}`;
  const barId = `attendance-${child.child.id}`;
  const placement = child.className
    ? `${child.className}${child.academicYear ? ` · ${child.academicYear}` : ''}`
    : 'Not placed in a class yet';
  return (
    <DashboardCard
      title={name}
      description={placement}
      wide
      action={{ label: `View details of ${child.child.firstName}`, to: pathTo('child', { studentId: child.child.id }) }}
    >
      <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', mb: 2 }}>
        <Figure label="Courses" value={child.coursesCount} />
        <Figure label="Attendance" value={child.attendance.total ? `${child.attendance.rate}%` : 'No records yet'} />
      </Box>
      {child.attendance.total > 0 && (
        <>
          <Typography id={barId} variant="body2" sx={{ mb: 0.5 }}>
            {`Attendance rate: present ${child.attendance.present}, late ${child.attendance.late}, absent ${child.attendance.absent}`}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={child.attendance.rate}
            aria-labelledby={barId}
            sx={{ height: 8, borderRadius: 4, mb: 2 }}
          />
        </>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <Box>
          <Typography variant="h3" component="h3">
            Recently graded
          </Typography>
          <ItemList items={child.recentGraded} label={`Recently graded work of ${name}`} empty="Nothing graded yet." graded />
        </Box>
        <Box>
          <Typography variant="h3" component="h3">
            Due soon
          </Typography>
          <ItemList items={child.dueSoon} label={`Work due soon for ${name}`} empty="Nothing due." graded={false} />
        </Box>
      </Box>
    </DashboardCard>
  );
}

/**
 * The spec's parent sections that have no real source yet (payments, messages, diary): a card that says so,
 * never sample figures (issue 17).
 */
export function ComingSoonCard({ title, text }: { title: string; text: string }) {
  return (
    <DashboardCard title={title} description="Coming soon">
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </DashboardCard>
  );
}
