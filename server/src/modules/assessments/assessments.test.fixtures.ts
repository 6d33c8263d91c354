/** Questions of every type, as the editor sends them (shared by the assessment tests). */
export const QUESTIONS = [
  { type: 'MCQ', questionText: 'Pick the even numbers', points: 4, options: [{ text: '2', isCorrect: true }, { text: '3' }, { text: '4', isCorrect: true }], partialMarking: { enabled: true, penaltyPerWrong: 25 } },
  { type: 'ShortAnswer', questionText: 'Capital of France?', points: 2, acceptedAnswers: [{ answer: 'Paris', weight: 100 }, { answer: 'Paree', weight: 50 }] },
  { type: 'LongAnswer', questionText: 'Explain fractions', points: 5 },
];
