import { useEffect } from 'react';

/** The app's name, the last part of every tab title. */
export const APP_TITLE = 'School LMS';

/**
 * Names the browser tab after the page ('Course MATH-5A - School LMS'), so a teacher with ten tabs open
 * finds the right one; with no title yet (still loading) the tab keeps the app's name.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} - ${APP_TITLE}` : APP_TITLE;
  }, [title]);
}
