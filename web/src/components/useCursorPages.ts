import { useState } from 'react';

/**
 * Numbered pages over a cursor connection (first/after), one request per page: page p asks for the items after
 * the last cursor of page p - 1, remembered as the pages are visited (the table's arrows go one page at a time,
 * so every page shown was reached from its neighbour). A new filter or page size starts again at the first page.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [page, setPageNumber] = useState(0);
  return {
    page,
    /** The `after` of the page on screen. */
    after: cursors[page] ?? null,
    /** Goes to `next` (the page after, with the shown page's `pageInfo.endCursor`, or one already visited). */
    setPage(next: number, endCursor: string | null) {
      if (next === page + 1 && endCursor) setCursors((known) => [...known.slice(0, next), endCursor]);
      else if (next > page) return;
      setPageNumber(next);
    },
    reset() {
      setCursors([null]);
      setPageNumber(0);
    },
  };
}
