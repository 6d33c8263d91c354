/** Question banks in words (issue 30): sharing, and the item statistics as a teacher reads them. */
import type { BankSharing } from '../../gql/types';

export const SHARING_LABEL: Record<BankSharing, string> = {
  PRIVATE: 'Only me',
  READ: 'Other teachers of the subject can use it',
  EDIT: 'Other teachers of the subject can use and edit it',
};
/** The short form, in the list's column. */
export const SHARING_SHORT: Record<BankSharing, string> = { PRIVATE: 'Private', READ: 'Shared to use', EDIT: 'Shared to edit' };
export const SHARINGS = Object.keys(SHARING_LABEL) as readonly BankSharing[];

/** The tag filter's "no filter" choice. */
export const ANY_TAG = '';
export const anyTagLabel = (tag: string) => (tag === ANY_TAG ? 'All tags' : tag);

/** Tags typed as "linear, equations" -> ['linear', 'equations'] (trimmed, no blanks, each once). */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

/** A share 0..1 as a whole percent. */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** What the difficulty index says: the share of the points students got (high = easy). */
export function difficultyWords(d: number): string {
  if (d >= 0.8) return 'easy';
  if (d <= 0.3) return 'hard';
  return 'medium';
}

/** What the discrimination index says: whether strong students do better on it than weak ones. */
export function discriminationWords(d: number): string {
  if (d < 0) return 'weaker students do better: check the key';
  if (d < 0.2) return 'tells strong and weak students apart poorly';
  if (d < 0.4) return 'tells strong and weak students apart fairly';
  return 'tells strong and weak students apart well';
}
