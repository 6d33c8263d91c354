import { useCallback, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import type { Role } from '../../gql/types';
import type { ReviewKind } from './reviewKinds';
import { LIST_MAX } from '../../lib/listMax';
import { useReviewItemsQuery, type ReviewCardFragment } from './review.generated';

export type ReviewCard = ReviewCardFragment;

/** A level of the tree: its label (the server's, with its fallbacks) and what is below it. */
export interface ReviewGroup<T> {
  /** The labels from the top down: stays the same when a refresh brings new groups (the open state keeps). */
  key: string;
  /** Unique in the page and safe as a DOM id (for aria-controls). */
  domId: string;
  label: string;
  children: T[];
}
export type SubjectGroup = ReviewGroup<ReviewCard>;
export type ClassGroup = ReviewGroup<SubjectGroup>;
export type YearGroup = ReviewGroup<ClassGroup>;

// the server sends labels, not ids, for the levels: the labels make the keys, the positions the DOM ids
function groupOf<T>(list: Array<ReviewGroup<T>>, parent: { key: string; domId: string }, label: string): ReviewGroup<T> {
  let group = list.find((g) => g.label === label);
  if (!group) {
    group = { key: `${parent.key}\u0000${label}`, domId: `${parent.domId}-${list.length}`, label, children: [] };
    list.push(group);
  }
  return group;
}

const ROOT = { key: '', domId: 'review' };

/**
 * The three collapsible levels of section 2: academic year, class, subject (quizzes placed through their
 * module's course on the server), in the server's order of first appearance.
 */
export function groupReviewItems(items: readonly ReviewCard[]): YearGroup[] {
  const years: YearGroup[] = [];
  for (const item of items) {
    const year = groupOf(years, ROOT, item.yearLabel);
    const cls = groupOf(year.children, year, item.className);
    groupOf(cls.children, cls, item.subjectName).children.push(item);
  }
  return years;
}

/** Roles whose review lists the server fills (a course's teachers; every item for SuperAdmin and Admin). */
const REVIEWERS: readonly Role[] = ['TEACHER', 'ADMIN', 'SUPER_ADMIN'];

export interface ReviewList {
  /** False for students and parents: the page says so and asks the server nothing. */
  allowed: boolean;
  loading: boolean;
  /** The server's message or the list's fallback (section 8), or null. */
  error: string | null;
  count: number;
  years: YearGroup[];
  /** Every level starts open; a click on its heading closes or opens it. */
  isOpen(key: string): boolean;
  toggle(key: string): void;
}

/** One review list in one request (cache-and-network: counts change as teachers grade elsewhere). */
export function useReviewList(kind: ReviewKind): ReviewList {
  const { activeRole } = useSession();
  const allowed = activeRole !== null && REVIEWERS.includes(activeRole);
  const query = useReviewItemsQuery({ variables: { kind: kind.gql, max: LIST_MAX }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  const items = query.data?.reviewItems.nodes ?? [];
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((key: string) => {
    setClosed((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  return {
    allowed,
    loading: allowed && query.loading && !query.data,
    error: query.error ? errorMessage(query.error, kind.failedText) : null,
    count: items.length,
    years: groupReviewItems(items),
    isOpen: (key) => !closed.has(key),
    toggle,
  };
}
