// What preload.ts (the early module, its own entry: see vite.config.ts) shares with the app. It imports nothing
// from the app and the app imports nothing from it (a shared module would pull the app's code into the early
// file), so they meet on `window.__lmsPreload`, typed here.

declare module 'virtual:preloaded-operations' {
  /** The operations vite.config.ts prints (PRELOADED there). */
  export type PreloadedOperation = 'Me' | 'CourseDetail' | 'DashboardCourses' | 'StudentDashboard' | 'StudentCourseDetail';
  /** Each operation's text, exactly as Apollo sends it. */
  export const OPERATIONS: Record<PreloadedOperation, string>;
  /** The variables an operation always has (vite.config.ts FIXED_VARIABLES: e.g. a choice list's size, listMax.ts). */
  export const FIXED_VARIABLES: Partial<Record<PreloadedOperation, Record<string, unknown>>>;
}

/** An answer as the server sent it (the JSON body of an HTTP 200). */
interface LmsPreloadedAnswer {
  data?: Record<string, unknown> | null;
  errors?: unknown[];
  extensions?: Record<string, unknown>;
}

/** A landing page whose code and data start before the app renders. */
type LmsHotRoute = { page: 'dashboard' } | { page: 'course'; courseId: string };

interface LmsPreload {
  /**
   * The early answer to this operation, once; null when none was sent, or it was sent with another token or
   * text, or too long ago (the app then asks the server itself).
   */
  take(name: string, text: string, variables: Record<string, unknown>, token: unknown): Promise<LmsPreloadedAnswer | null> | null;
  /** With a stored session: whether the address shows the signed-in shell, and which landing page it is. */
  shell: boolean;
  route: LmsHotRoute | null;
}

interface Window {
  __lmsPreload?: LmsPreload;
}
