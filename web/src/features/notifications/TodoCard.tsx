import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { DashboardCard, EmptyText } from '../../components/DashboardParts';
import { useTodo } from './useNotifications';

const KIND_LABEL: Record<string, string> = { ASSIGNMENT: 'Assignment', EXAM: 'Exam', QUIZ: 'Quiz' };

/** The student dashboard's To Do (issue 17 point 4): work due in the next 7 days not yet submitted, soonest first. */
export function TodoCard() {
  const todo = useTodo();
  return (
    <DashboardCard title="To Do" description="Due in the next 7 days and not yet submitted." wide>
      <Banner severity="error" message={todo.error ? errorMessage(todo.error, 'Failed to load your To Do') : null} />
      {todo.items.length === 0 ? (
        <EmptyText>{todo.loading ? 'Loading...' : 'Nothing is due in the next 7 days.'}</EmptyText>
      ) : (
        <List dense aria-label="To Do">
          {todo.items.map((t) => (
            <ListItem key={t.id} disableGutters>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={t.link}>
                    {t.title}
                  </Link>
                }
                secondary={`${KIND_LABEL[t.kind] ?? t.kind} · due ${formatDateTime(t.dueDate)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </DashboardCard>
  );
}
