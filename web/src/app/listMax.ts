/**
 * The most one page of classes, subjects, allocations, courses, review items or a student's items may hold (the server's ACADEMIC_PAGE,
 * COURSE_PAGE, REVIEW_PAGE and ITEM_PAGE maximum): a choice list (a select, the dashboard's cards) asks for this many in its one request.
 * Sent as the `$max` variable: the server's static cost multiplies only a page size written in the query.
 */
export const LIST_MAX = 500;

/** The variables of a choice list's query. */
export const MAX_PAGE = { max: LIST_MAX } as const;
