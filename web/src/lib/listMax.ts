/**
 * The most one page of classes, subjects, allocations, courses, review items or a student's items may hold (the server's ACADEMIC_PAGE,
 * COURSE_PAGE, REVIEW_PAGE and ITEM_PAGE maximum): a choice list (a select, the dashboard's cards) asks for this many in its one request.
 * Sent as the `$max` variable: the server's static cost multiplies only a page size written in the query.
 */
export const LIST_MAX = 500;

/** The variables of a choice list's query. */
export const MAX_PAGE = { max: LIST_MAX } as const;

/** The teacher dashboard's 'Assignments to Review' card lists this many items; the rest are counted (gradingQueue's totalCount). */
export const GRADING_QUEUE_SHOWN = 5;

/** The variables of the teacher dashboard's query (DashboardCourses): every course card, the grading queue's first items. */
export const DASHBOARD_VARIABLES = { ...MAX_PAGE, queue: GRADING_QUEUE_SHOWN } as const;
