import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  useCourseManagementTreeQuery,
  useCourseManagementYearsQuery,
  type CourseManagementTreeQuery,
  type CourseManagementYearsQuery,
} from './academic.generated';
import { useBanners, useCanManageAcademic } from './academicShared';

export type TreeYear = CourseManagementYearsQuery['academicYears'][number];
export type TreeClass = CourseManagementTreeQuery['academicTree'][number]['classes'][number];
export type TreeAllocation = TreeClass['allocations'][number];

const LOAD_FALLBACK = 'Failed to fetch academic years';

/**
 * /dashboard/course-management: the tree of years -> classes -> allocations. The years come first;
 * each year's classes and allocations load when the year is open (`useYearTree`), so the page never asks for
 * the whole school at once. The active year (else the first) and its first class start open; every other node starts closed.
 * Edit links and shortcuts only for SuperAdmin/Admin.
 */
export function useCourseManagement() {
  const canManage = useCanManageAcademic();
  const list = useCourseManagementYearsQuery({ fetchPolicy: 'cache-and-network' });
  const [treeError, setTreeError] = useState<unknown>(undefined);
  const banners = useBanners([
    { error: list.error, fallback: LOAD_FALLBACK },
    { error: treeError, fallback: LOAD_FALLBACK },
  ]);
  const years = useMemo(() => list.data?.academicYears ?? [], [list.data]);

  // `openAtLoad`: the node's state until it is toggled (the first year, and the first class of the first year)
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const isOpen = useCallback((id: string, openAtLoad = false) => toggled[id] ?? openAtLoad, [toggled]);
  const toggle = useCallback((id: string, openAtLoad = false) => setToggled((t) => ({ ...t, [id]: !(t[id] ?? openAtLoad) })), []);

  return {
    canManage,
    banners,
    years,
    loading: list.loading && !list.data,
    hasSubjects: (list.data?.subjects.totalCount ?? 0) > 0,
    isOpen,
    toggle,
    /** A year's tree failed to load: shown in the page's error banner, like a failure of the years list. */
    reportTreeError: setTreeError,
  };
}

/** One year's classes with their allocations; used while the year is open (its node mounts it). */
export function useYearTree(yearId: string, reportError: (error: unknown) => void) {
  const tree = useCourseManagementTreeQuery({ variables: { academicYearId: yearId }, fetchPolicy: 'cache-and-network' });
  useEffect(() => {
    if (tree.error) reportError(tree.error);
  }, [tree.error, reportError]);
  return {
    classes: tree.data?.academicTree[0]?.classes ?? [],
    loading: tree.loading && !tree.data,
    /** Nothing to show: the error is in the page's banner. */
    failed: Boolean(tree.error) && !tree.data,
  };
}
