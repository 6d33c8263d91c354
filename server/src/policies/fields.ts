import type { Actor } from './actor';
import { can } from './index';
import type { SubmissionView } from './rules';

/**
 * Field visibility, decided once per type: which guarded fields of an object its viewer receives. The GraphQL
 * fields name their group with `@Visible(type, field)` (core/field-rules.ts) and the REST presenters read the
 * same answer, so a field is never shown on one transport and hidden on the other. Each group is one rule of
 * rules.ts; the decision for one viewer and one object is made once per request, however many fields read it.
 */
export const FIELD_VISIBILITY = {
  /**
   * A submission, its answers and their grades: `results` the total, percentage and the teacher's feedback;
   * `grades` the per-question scores; `correct` the key and explanations; `grading` who graded and the
   * automatic score an override replaced.
   */
  submission: (a: Actor, s: SubmissionView) => ({
    results: can(a, 'submission.seeResults', s),
    grades: can(a, 'submission.seeGrades', s),
    correct: can(a, 'submission.seeCorrect', s),
    grading: can(a, 'submission.seeGrading', s),
  }),
  /** An assessment's questions and options: `key` the answer key (isCorrect, accepted answers and weights, partial marking) and the targets. */
  assessment: (a: Actor, x: { teacherIds: string[] }) => ({ key: can(a, 'assessment.seeKey', x) }),
  /** A user: `contact` their email and account state (activated, deactivated): the user themselves and staff who manage users. */
  user: (a: Actor, u: { id: string }) => ({ contact: can(a, 'user.read', u) }),
};

export type FieldType = keyof typeof FIELD_VISIBILITY;
type Fields<T extends FieldType> = ReturnType<(typeof FIELD_VISIBILITY)[T]>;
type ObjectOfType<T extends FieldType> = Parameters<(typeof FIELD_VISIBILITY)[T]>[1];
export type FieldGroup<T extends FieldType> = keyof Fields<T> & string;

const decided = new WeakMap<Actor, WeakMap<object, Partial<Record<FieldType, unknown>>>>();

/**
 * An object that carries a copy of another object's facts names that object under this key (a submission's
 * answers and grades carry their submission's): every decision on them is then made once, on the facts they share,
 * not once per object (a 40 x 25 grading dashboard: 40 decisions where there were 2,000).
 */
export const DECIDED_AS: unique symbol = Symbol('the facts an object is decided as');

/** What of `object` (of `type`) the viewer receives; decided once per viewer and object (or the facts it names: DECIDED_AS). */
export function visibleFields<T extends FieldType>(type: T, viewer: Actor, object: ObjectOfType<T>): Fields<T> {
  let byObject = decided.get(viewer);
  if (!byObject) decided.set(viewer, (byObject = new WeakMap()));
  const key = (object as { [DECIDED_AS]?: object })[DECIDED_AS] ?? object;
  let byType = byObject.get(key);
  if (!byType) byObject.set(key, (byType = {}));
  return (byType[type] ??= (FIELD_VISIBILITY[type] as (a: Actor, o: ObjectOfType<T>) => Fields<T>)(viewer, object)) as Fields<T>;
}
