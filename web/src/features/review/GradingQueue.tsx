import Typography from '@mui/material/Typography';
import { useDashboardCoursesQuery } from '../courses/courses.generated';
import { EmptyText, LinkList } from '../dashboard/DashboardParts';
import { formatDateTime } from '../courses/format';
import { REVIEW_KIND_OF } from './reviewKinds';
import type { GradingQueueItemFragment } from './review.generated';
import { MAX_PAGE } from '../../app/listMax';

/** The dashboard card lists this many items; the rest are counted. */
export const GRADING_QUEUE_SHOWN = 5;

/**
 * The items of the three kinds with submissions waiting for a grade, earliest due first. They come with the
 * teacher dashboard's one request (DashboardCourses, sent by useTeacherCourses): this reads the cache only, so
 * the card adds no request of its own.
 */
export function useGradingQueue(): GradingQueueItemFragment[] {
  const { data } = useDashboardCoursesQuery({ variables: MAX_PAGE, fetchPolicy: 'cache-only' });
  if (!data) return [];
  return [...data.assignmentReview.nodes, ...data.quizReview.nodes, ...data.examReview.nodes]
    .filter((item) => item.pendingCount > 0)
    // ISO times in UTC order as strings (localeCompare would ask the collator for each pair)
    .sort((a, b) => (a.assessment.dueDate < b.assessment.dueDate ? -1 : a.assessment.dueDate > b.assessment.dueDate ? 1 : 0));
}

/** The 'Assignments to Review' card's list: each item opens its grading dashboard. */
export function GradingQueue() {
  const items = useGradingQueue();
  if (items.length === 0) return <EmptyText>No submissions are waiting for grading.</EmptyText>;
  const shown = items.slice(0, GRADING_QUEUE_SHOWN);
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
      {items.length > shown.length && (
        <Typography variant="body2" color="text.secondary">
          {`and ${items.length - shown.length} more waiting`}
        </Typography>
      )}
    </>
  );
}
