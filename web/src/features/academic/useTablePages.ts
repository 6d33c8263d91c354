import { useState } from 'react';
import { useCursorPages } from '../../components/useCursorPages';
import type { TablePagerProps } from '../../components/ResponsiveTable';

/** Rows a management table shows a page at first. */
export const TABLE_PAGE_SIZE = 25;

/** The page on screen and how to move, for ListCard's `pagination` (components/ResponsiveTable `TablePager`). */
export type TablePages = TablePagerProps;

interface ShownPage {
  totalCount: number;
  pageInfo: { endCursor: string | null };
}

/**
 * A management table over a connection, one request per page (first/after): the variables to ask with, and
 * the pagination of the page on screen. A new filter or page size starts again at the first page (`reset`).
 */
export function useTablePages() {
  const pages = useCursorPages();
  const [pageSize, setPageSize] = useState(TABLE_PAGE_SIZE);
  return {
    variables: { first: pageSize, after: pages.after },
    page: pages.page,
    reset: pages.reset,
    /** After the last row of a later page went away: the page before it (its cursor is known). */
    stepBack: () => {
      if (pages.page > 0) pages.setPage(pages.page - 1, null);
    },
    pagination: (shown: ShownPage | undefined): TablePages => ({
      count: shown?.totalCount ?? 0,
      page: pages.page,
      pageSize,
      onPageChange: (next) => pages.setPage(next, shown?.pageInfo.endCursor ?? null),
      onPageSizeChange: (size) => {
        setPageSize(size);
        pages.reset();
      },
    }),
  };
}
