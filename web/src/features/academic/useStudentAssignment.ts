import { useCallback, useMemo, useState } from 'react';
import { useDebounced } from '../../components/useDebounced';
import { useCursorPages } from '../../components/useCursorPages';
import { useSession } from '../../lib/session';
import type { Role } from '../../gql/types';
import {
  usePlaceStudentMutation,
  usePlaceStudentsMutation,
  usePlacementOptionsAllQuery,
  usePlacementOptionsOfTeacherQuery,
  usePlacementStudentsQuery,
  type PlacementStudentFragment,
} from './academic.generated';
import { byText, useBanners } from './academicShared';
import { MAX_PAGE } from '../../lib/listMax';

/** Student Class Assignment's load failure (assessments.md section 8). */
const LOAD_FAILED = 'Failed to fetch students';

export type StudentRow = PlacementStudentFragment;

export interface YearOption {
  id: string;
  year: string;
  classes: Array<{ id: string; name: string }>;
}

/** The row being edited: the chosen year and class ('' until chosen). */
export interface PlacementDraft {
  studentId: string;
  academicYearId: string;
  classId: string;
}

/** Who may use the page: teachers (assessments.md section 6) and the academic managers. */
const PLACING_ROLES: readonly Role[] = ['SUPER_ADMIN', 'ADMIN', 'TEACHER'];

export const DEFAULT_STUDENT_PAGE_SIZE = 50;

/** The student's current placement as 'year - class', or 'Not assigned'. */
export function placementLabel(s: StudentRow): string {
  return s.academicYear && s.class ? `${s.academicYear.year} - ${s.class.name}` : 'Not assigned';
}

/** Groups (year, class) pairs into years newest first, each with its classes by name, without repeats. */
function groupByYear(pairs: Array<{ academicYear: { id: string; year: string }; class: { id: string; name: string } }>): YearOption[] {
  const years = new Map<string, YearOption>();
  for (const p of pairs) {
    const y = years.get(p.academicYear.id) ?? { id: p.academicYear.id, year: p.academicYear.year, classes: [] };
    if (!y.classes.some((c) => c.id === p.class.id)) y.classes.push({ id: p.class.id, name: p.class.name });
    years.set(y.id, y);
  }
  return [...years.values()]
    .map((y) => ({ ...y, classes: y.classes.sort(byText((c) => c.name)) }))
    .sort((a, b) => -byText<YearOption>((y) => y.year)(a, b));
}

/**
 * Student Class Assignment (assessments.md): list students with their placement; put one into a class of a
 * year. A teacher's choices come only from their own allocations; SuperAdmin and Admin choose from
 * every class. The server checks the same rule on save.
 */
export function useStudentAssignment() {
  const { user, activeRole, abilities } = useSession();
  const canAssign = activeRole !== null && PLACING_ROLES.includes(activeRole);
  const seesAll = abilities?.manageAcademicStructure ?? false;
  const [search, setSearchState] = useState('');
  const debouncedSearch = useDebounced(search.trim(), 300);
  const pages = useCursorPages();
  const [pageSize, setPageSize] = useState(DEFAULT_STUDENT_PAGE_SIZE);
  const [draft, setDraft] = useState<PlacementDraft | null>(null);
  // bulk placement: the students ticked (kept across pages and searches) and the one class they all go to
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [bulk, setBulk] = useState({ academicYearId: '', classId: '' });

  const students = usePlacementStudentsQuery({
    variables: { search: debouncedSearch || null, after: pages.after, first: pageSize },
    skip: !canAssign,
    fetchPolicy: 'cache-and-network',
  });
  // a teacher's own allocations (GET /teacher-assignments/teacher/{teacherId}); skipped for managers
  const own = usePlacementOptionsOfTeacherQuery({
    variables: { teacherId: user?.id ?? '', ...MAX_PAGE },
    skip: !canAssign || seesAll || !user,
    fetchPolicy: 'cache-and-network',
  });
  const all = usePlacementOptionsAllQuery({ variables: MAX_PAGE, skip: !canAssign || !seesAll, fetchPolicy: 'cache-and-network' });
  const [placeMutation, placeState] = usePlaceStudentMutation();
  const [placeManyMutation, placeManyState] = usePlaceStudentsMutation();
  // while a new search or page loads, keep showing the last list: rows (and a row being edited) stay put
  const shownStudents = students.data ?? students.previousData;

  // the page's loads fail with the spec's one text (assessments.md section 8), the server's message first
  const banners = useBanners([
    { error: students.error, fallback: LOAD_FAILED },
    { error: own.error, fallback: LOAD_FAILED },
    { error: all.error, fallback: LOAD_FAILED },
  ]);

  const yearOptions = useMemo(
    () =>
      seesAll
        ? groupByYear((all.data?.classes.nodes ?? []).map((c) => ({ academicYear: c.academicYear, class: c })))
        : groupByYear(own.data?.allocations.nodes ?? []),
    [seesAll, all.data, own.data],
  );
  const optionsLoading = seesAll ? all.loading && !all.data : own.loading && !own.data;

  const classesOf = (yearId: string) => yearOptions.find((y) => y.id === yearId)?.classes ?? [];
  const classOptions = draft ? classesOf(draft.academicYearId) : [];

  const toggle = useCallback(
    (id: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  /** Ticks every student of the page on screen, or unticks them when all are ticked. */
  const toggleAll = (ids: string[]) =>
    setSelected((s) => {
      const next = new Set(s);
      const all = ids.every((id) => next.has(id));
      for (const id of ids) {
        if (all) next.delete(id);
        else next.add(id);
      }
      return next;
    });

  const placeSelected = async (): Promise<void> => {
    if (!selected.size || !bulk.academicYearId || !bulk.classId) return;
    try {
      const answer = await placeManyMutation({
        variables: { input: { userIds: [...selected], academicYearId: bulk.academicYearId, classId: bulk.classId } },
      });
      const n = answer.data?.placeStudents.length ?? selected.size;
      banners.showSuccess(`${n} ${n === 1 ? 'student' : 'students'} assigned successfully`);
      setSelected(new Set());
    } catch (error) {
      banners.showError(error, 'Failed to update assignment');
    }
  };

  const startEdit = useCallback((studentId: string) => setDraft({ studentId, academicYearId: '', classId: '' }), []);
  const cancelEdit = useCallback(() => setDraft(null), []);
  /** Changing the year clears the class (assessments.md section 5). */
  const setYear = useCallback((academicYearId: string) => setDraft((d) => (d ? { ...d, academicYearId, classId: '' } : d)), []);
  const setClass = useCallback((classId: string) => setDraft((d) => (d ? { ...d, classId } : d)), []);

  const save = async (): Promise<void> => {
    if (!draft || !draft.academicYearId || !draft.classId) return;
    try {
      await placeMutation({
        variables: { input: { userId: draft.studentId, academicYearId: draft.academicYearId, classId: draft.classId } },
      });
      banners.showSuccess('Student assignment updated successfully');
      setDraft(null);
    } catch (error) {
      banners.showError(error, 'Failed to update assignment');
    }
  };

  return {
    canAssign,
    banners,
    students: shownStudents?.users.nodes ?? [],
    total: shownStudents?.users.totalCount ?? 0,
    studentsLoading: students.loading && !shownStudents,
    search,
    setSearch: (value: string) => {
      setSearchState(value);
      pages.reset();
    },
    page: pages.page,
    pageSize,
    setPage: (next: number) => pages.setPage(next, students.data?.users.pageInfo.endCursor ?? null),
    setPageSize: (size: number) => {
      setPageSize(size);
      pages.reset();
    },
    yearOptions,
    optionsLoading,
    noOptions: !optionsLoading && yearOptions.length === 0,
    draft,
    classOptions,
    canSave: Boolean(draft?.academicYearId && draft.classId) && !placeState.loading,
    selected,
    toggle,
    toggleAll,
    clearSelection: () => setSelected(new Set()),
    bulk,
    /** Changing the year clears the class, as in one row's edit. */
    setBulkYear: (academicYearId: string) => setBulk({ academicYearId, classId: '' }),
    setBulkClass: (classId: string) => setBulk((b) => ({ ...b, classId })),
    bulkClassOptions: classesOf(bulk.academicYearId),
    canPlaceSelected: selected.size > 0 && Boolean(bulk.academicYearId && bulk.classId) && !placeManyState.loading,
    placeSelected,
    startEdit,
    cancelEdit,
    setYear,
    setClass,
    save,
  };
}
