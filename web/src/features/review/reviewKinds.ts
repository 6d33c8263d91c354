/**
 * The three review lists (assessments.md section 2 "Review lists", section 8) differ only in words and the
 * dashboard they open: one table of them, on top of the authoring table's nouns and paths.
 */
import type { AssessmentKind } from '../../gql/types';
import { KINDS, type Kind, type KindKey } from '../../lib/assessmentKinds';
import { ROUTES } from '@lms/routes';

export interface ReviewKind extends Kind {
  /** The GraphQL kind. */
  gql: AssessmentKind;
  /** The page's h1 and tab title: 'Assignment Review'. */
  title: string;
  /** The line under it. */
  subtitle: string;
  /** /dashboard/teacher/assignments */
  path: string;
  /** The empty list's second line: 'No assignments have been created yet.' (its first is `emptyText`). */
  emptyDetail: string;
  /** The list's load failure (section 8): 'Failed to fetch assignments'. */
  failedText: string;
}

const review = (key: KindKey, gql: AssessmentKind, subtitle: string): ReviewKind => {
  const kind = KINDS[key];
  const plural = kind.plural.toLowerCase();
  return {
    ...kind,
    gql,
    title: `${kind.noun} Review`,
    subtitle,
    path: ROUTES[`${key}Review`],
    emptyDetail: `No ${plural} have been created yet.`,
    failedText: `Failed to fetch ${plural}`,
  };
};

// Only the assignment list's subtitle is the spec's; the other two follow its words.
export const REVIEW_KINDS: Record<KindKey, ReviewKind> = {
  assignment: review('assignment', 'ASSIGNMENT', 'Review and grade student submissions'),
  quiz: review('quiz', 'QUIZ', 'Review and grade student quiz submissions'),
  exam: review('exam', 'EXAM', 'Review and grade student exam submissions'),
};

/** A review item's kind, for the dashboard's mixed list. */
export const REVIEW_KIND_OF: Record<AssessmentKind, ReviewKind> = {
  ASSIGNMENT: REVIEW_KINDS.assignment,
  QUIZ: REVIEW_KINDS.quiz,
  EXAM: REVIEW_KINDS.exam,
};
