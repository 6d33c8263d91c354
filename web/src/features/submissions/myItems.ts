import type { SubmissionStatus } from '../../gql/types';
import type { MyAssessmentItemFragment, MyStatusFieldsFragment } from './submissions.generated';
import type { StatusLabel } from './StatusChip';
import { submitPath, viewPath, type StudentKind } from './studentKinds';

export type MyItem = MyAssessmentItemFragment;
export type MyStatus = MyStatusFieldsFragment;

/** Where a click goes, as the server's opening rule says (section 4); the course page has its own rule. */
export function openPath(
  kind: StudentKind,
  id: string,
  status: Partial<Pick<MyStatus, 'opensOn' | 'courseOpensOn'>> | null,
  where: 'list' | 'course' = 'list',
): string {
  const opensOn = where === 'list' ? status?.opensOn : status?.courseOpensOn;
  return opensOn === 'VIEW' ? viewPath(kind, id) : submitPath(kind, id);
}

export function statusLabel(
  status: Partial<Pick<MyStatus, 'label' | 'courseLabel'>> | null,
  where: 'list' | 'course' = 'list',
): StatusLabel {
  return ((where === 'list' ? status?.label : status?.courseLabel) ?? 'Pending') as StatusLabel;
}

/** Where the student's own submission stands, in the words of the view page's banner ('Submitted on ... · Graded'). */
export const SUBMISSION_STATE_LABEL: Record<SubmissionStatus, string> = {
  PENDING: 'Pending review',
  GRADED: 'Graded',
  REOPENED: 'Reopened',
};

/** A score with at most two decimals: 7, 7.5, 7.25. */
/** '1 point', '2.5 points'. */
export function pointsText(n: number): string {
  return `${points(n)} ${n === 1 ? 'point' : 'points'}`;
}

export function points(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** 'Score: x/y (pct%)' (section 2). */
export function scoreText(s: { totalScore: number; maxScore: number; percentage: number }): string {
  return `${points(s.totalScore)}/${points(s.maxScore)} (${s.percentage}%)`;
}

export interface SubjectGroup {
  key: string;
  name: string;
  items: MyItem[];
}
export interface ClassGroup {
  key: string;
  name: string;
  isCurrent: boolean;
  subjects: SubjectGroup[];
}
export interface YearGroup {
  key: string;
  year: string;
  isCurrent: boolean;
  classes: ClassGroup[];
}

function getOrAdd<T extends { key: string }>(list: T[], key: string, make: () => T): T {
  let found = list.find((x) => x.key === key);
  if (!found) {
    found = make();
    list.push(found);
  }
  return found;
}

/**
 * The three-level tree of the lists (section 2): academic year ('(Current)' for the active one), class (the
 * student's own marked '(Current)' where the page does so), subject; in the server's order.
 */
export function groupItems(items: readonly MyItem[], currentClassId: string | null): YearGroup[] {
  const years: YearGroup[] = [];
  for (const item of items) {
    const { academicYear, class: cls, subject } = item.course;
    const year = getOrAdd(years, academicYear?.id ?? 'unknown', () => ({
      key: academicYear?.id ?? 'unknown',
      year: academicYear?.year ?? 'Unknown Year',
      isCurrent: Boolean(academicYear?.isActive),
      classes: [],
    }));
    const group = getOrAdd(year.classes, cls?.id ?? 'unknown', () => ({
      key: cls?.id ?? 'unknown',
      name: cls?.name ?? 'Unknown Class',
      isCurrent: currentClassId !== null && cls?.id === currentClassId,
      subjects: [],
    }));
    getOrAdd(group.subjects, subject?.id ?? 'unknown', () => ({
      key: subject?.id ?? 'unknown',
      name: subject?.name ?? 'Unknown Subject',
      items: [],
    })).items.push(item);
  }
  return years;
}
