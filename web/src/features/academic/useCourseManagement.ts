import { useCallback, useMemo, useState } from 'react';
import { useCourseManagementTreeQuery, type CourseManagementTreeQuery } from './academic.generated';
import { useBanners, useCanManageAcademic } from './academicShared';

export type TreeYear = CourseManagementTreeQuery['academicTree'][number];
export type TreeClass = TreeYear['classes'][number];
export type TreeAssignment = TreeClass['teacherAssignments'][number];

/**
 * /dashboard/course-management: the tree of years -> classes -> teacher assignments. The first year and its
 * first class start open; every other node starts closed. Edit links and shortcuts only for SuperAdmin/Admin.
 */
export function useCourseManagement() {
  const canManage = useCanManageAcademic();
  const tree = useCourseManagementTreeQuery({ fetchPolicy: 'cache-and-network' });
  const banners = useBanners([{ error: tree.error, fallback: 'Failed to fetch academic years' }]);
  const years = useMemo(() => tree.data?.academicTree ?? [], [tree.data]);

  const openAtLoad = useMemo(() => {
    const first = years[0];
    return new Set([first?.id, first?.classes[0]?.id].filter((id): id is string => Boolean(id)));
  }, [years]);
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const isOpen = useCallback((id: string) => toggled[id] ?? openAtLoad.has(id), [toggled, openAtLoad]);
  const toggle = useCallback(
    (id: string) => setToggled((t) => ({ ...t, [id]: !(t[id] ?? openAtLoad.has(id)) })),
    [openAtLoad],
  );

  return {
    canManage,
    banners,
    years,
    loading: tree.loading && !tree.data,
    hasSubjects: (tree.data?.subjects.length ?? 0) > 0,
    isOpen,
    toggle,
  };
}
