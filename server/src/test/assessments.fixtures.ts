/** Questions of every type, as the editor sends them through GraphQL (shared by the assessment tests). */
export const QUESTIONS = [
  {
    type: 'MCQ',
    questionText: 'Pick the even numbers',
    points: 4,
    options: [{ text: '2', isCorrect: true }, { text: '3' }, { text: '4', isCorrect: true }],
    partialMarking: { enabled: true, penaltyPerWrong: 25 },
  },
  {
    type: 'SHORT_ANSWER',
    questionText: 'Capital of France?',
    points: 2,
    acceptedAnswers: [
      { answer: 'Paris', weight: 100 },
      { answer: 'Paree', weight: 50 },
    ],
  },
  { type: 'LONG_ANSWER', questionText: 'Explain fractions', points: 5 },
];

const SPEC_WORD: Record<string, string> = {
  SHORT_ANSWER: 'ShortAnswer',
  LONG_ANSWER: 'LongAnswer',
  WHOLE_CLASS: 'whole_class',
  INDIVIDUAL_STUDENTS: 'individual_students',
  IMMEDIATE: 'immediate',
  SCORE_ONLY: 'scoreOnly',
  MANUAL: 'manual',
};

/** An item's enum value as the spec's REST paths spell it (GraphQL's are ALL_CAPS); others pass through. */
export const specWord = <T>(value: T): T => (typeof value === 'string' && SPEC_WORD[value] ? SPEC_WORD[value] : value) as T;
