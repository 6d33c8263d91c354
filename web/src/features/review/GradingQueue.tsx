import Typography from '@mui/material/Typography';
import { useDashboardCoursesQuery } from '../courses/courses.generated';
import { EmptyText, LinkList } from '../../components/DashboardParts';
import { formatDateTime } from '../../lib/format';
import { REVIEW_KIND_OF } from './reviewKinds';
import type { GradingQueueItemFragment } from './review.generated';
import { DASHBOARD_VARIABLES } from '../../lib/listMax';

/**
 * The items of the three kinds with submissions waiting for a grade, earliest due first (the server's
 * gradingQueue: its first GRADING_QUEUE_SHOWN) and how many more wait. They come with the teacher dashboard's one
 * request (DashboardCourses, sent by useTeacherCourses): this reads the cache only, so the card adds no request.
 */
export function useGradingQueue(): { shown: GradingQueueItemFragment[]; more: number } {
  const { data } = useDashboardCoursesQuery({ variables: DASHBOARD_VARIABLES, fetchPolicy: 'cache-only' });
  const shown = data?.gradingQueue.nodes ?? [];
  return { shown, more: (data?.gradingQueue.totalCount ?? 0) - shown.length };
}

/** The 'Assignments to Review' card's list: each item opens its grading dashboard. */
export function GradingQueue() {
  const { shown, more } = useGradingQueue();
  if (shown.length === 0) return <EmptyText>No submissions are waiting for grading.</EmptyText>;
  return (
    <>
      <LinkList
        label="Waiting for grading"
        items={shown.map(({ assessment, className, subjectName, pendingCount }) => {
          const kind = REVIEW_KIND_OF[assessment.kind];
          return {
            key: assessment.id,
            to: kind.submissionsPath(assessment.id),
            label: assessment.title,
            detail: `${kind.noun} · ${className} · ${subjectName} · ${pendingCount} pending · Due: ${formatDateTime(assessment.dueDate)}`,
          };
        })}
      />
      {more > 0 && (
        <Typography variant="body2" color="text.secondary">
          {`and ${more} more waiting`}
        </Typography>
      )}
    </>
  );
}
