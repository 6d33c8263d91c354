import { useCallback, useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useKeyedMessage } from '../../components/useKeyedMessage';
import { ROUTES } from '@lms/routes';

/** platform.md section 6: the year, class and subject pages (and here the teacher-assignment page too). */
export const NO_PERMISSION_TEXT = 'You do not have permission to access this page.';

/** Routes of the academic pages (platform.md section 2). */
export const ACADEMIC_ROUTES = {
  tree: ROUTES.courseManagement,
  years: ROUTES.academicYearManagement,
  classes: ROUTES.classManagement,
  subjects: ROUTES.subjectManagement,
  allocations: ROUTES.teacherAssignment,
  students: ROUTES.studentAssignment,
} as const;

export const editLink = (base: string, id: string) => `${base}?edit=${encodeURIComponent(id)}`;
export const classesOfYearLink = (yearId: string) => `${ACADEMIC_ROUTES.classes}?year=${encodeURIComponent(yearId)}`;
export const assignTeacherLink = (classId: string, yearId: string) =>
  `${ACADEMIC_ROUTES.allocations}?class=${encodeURIComponent(classId)}&year=${encodeURIComponent(yearId)}`;

/** Whether the session may change the academic structure (SuperAdmin and Admin, from `me.abilities`). */
export function useCanManageAcademic(): boolean {
  const { abilities } = useSession();
  return abilities?.manageAcademicStructure ?? false;
}

export interface LoadError {
  error: unknown;
  /** The spec's fallback text when the server gives no message (platform.md section 8). */
  fallback: string;
}

/**
 * Success and error banner texts; the Banner clears each after 3 s through the `clear*` callbacks.
 * `loadErrors` are the page's query failures: the first one not yet dismissed shows in the error banner.
 */
export function useBanners(loadErrors: LoadError[] = []) {
  // keyed, so that a second message keeps its own 3 seconds (see useKeyedMessage)
  const { message: success, show: setSuccess, clear: clearSuccess } = useKeyedMessage();
  const { message: actionError, show: setActionError, clear: clearActionError } = useKeyedMessage();
  const [dismissed, setDismissed] = useState<readonly unknown[]>([]);
  const load = loadErrors.find((l) => l.error && !dismissed.includes(l.error));
  const loadCause = load?.error;

  const clearLoadError = useCallback(() => {
    if (loadCause) setDismissed((d) => [...d, loadCause]);
  }, [loadCause]);
  const showSuccess = useCallback(
    (message: string) => {
      setActionError(null);
      setSuccess(message);
    },
    [setActionError, setSuccess],
  );
  /** Shows the server's message, else the spec's fallback text (platform.md section 8). */
  const showError = useCallback(
    (cause: unknown, fallback: string) => {
      setSuccess(null);
      setActionError(errorMessage(cause, fallback));
    },
    [setActionError, setSuccess],
  );

  return {
    success,
    error: actionError ?? (load ? errorMessage(load.error, load.fallback) : null),
    clearSuccess,
    clearError: actionError ? clearActionError : clearLoadError,
    showSuccess,
    showError,
  };
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A small form: values, per-field errors that clear when the field is edited, and a submit that validates
 * first. `submit` resolves true on success; in create mode the form then goes back to its initial values.
 */
export function useFormState<V extends Record<string, unknown>, F extends keyof V & string>(
  initial: V,
  validate: (values: V) => FieldErrors<F>,
  submit: (values: V) => Promise<boolean>,
  opts: { resetOnSuccess: boolean },
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  const setField = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field as unknown as F] ? { ...e, [field]: undefined } : e));
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const ok = await submit(values);
    if (ok && opts.resetOnSuccess) setValues(initial);
  };

  return { values, errors, setField, setValues, onSubmit };
}

/** What a form's fields get to read and change. */
export type FormApi<V extends Record<string, unknown>> = ReturnType<typeof useFormState<V, keyof V & string>>;

/**
 * True until a query's first answer: with cache-and-network a refresh keeps showing the rows it has
 * instead of going back to 'Loading...'.
 */
export const firstLoading = (query: { loading: boolean; data?: unknown }) => query.loading && !query.data;

export const teacherName = (t: { firstName: string; lastName: string }) => `${t.firstName} ${t.lastName}`;

/** The browser's locale, numbers in text as numbers, case and accents aside; made once, not per comparison. */
const NAME_ORDER = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Sorts by a text key using the browser's locale, numbers in text compared as numbers. */
export function byText<T>(key: (item: T) => string) {
  return (a: T, b: T) => NAME_ORDER.compare(key(a), key(b));
}
