import { QuestionType } from './assessment.entity';
import { gradeWithExplanation } from './auto-grade';

/** The explanation kept with each automatic grade, and the scores it explains (grading.ts has the rules' own tests). */
const options = [
  { id: 'a', isCorrect: true },
  { id: 'b', isCorrect: true },
  { id: 'c', isCorrect: false },
];
const mcq = { type: QuestionType.MCQ, points: 4, options, accepted: [], partialMarking: true, penaltyPerWrong: 50 };
const short = {
  type: QuestionType.ShortAnswer,
  points: 3,
  options: [],
  accepted: [
    { answer: 'Paris', weight: 100 },
    { answer: 'paris ', weight: 40 },
    { answer: 'Paree', weight: 50 },
  ],
  partialMarking: false,
  penaltyPerWrong: 0,
};
const given = (selectedOptionIds: string[], answer = '') => ({ selectedOptionIds, answer });

describe('explanations', () => {
  it('MCQ: right, wrong and missed options; penalties never below zero', () => {
    expect(gradeWithExplanation(mcq, given(['a', 'c']))).toEqual({
      score: 0,
      explanation: expect.objectContaining({ rightOptionIds: ['a'], wrongOptionIds: ['c'], missedOptionIds: ['b'] }),
    });
    expect(gradeWithExplanation(mcq, given(['a', 'b', 'c']))!.score).toBe(2);
    expect(gradeWithExplanation(mcq, given(['a', 'b']))!.explanation.text).toBe(
      '2 correct options selected, 0 wrong options selected, 0 correct options missed (partial marking, 50% off per wrong option).',
    );
  });

  it('MCQ: nothing selected, or no answer at all, is 0 with its reason', () => {
    expect(gradeWithExplanation(mcq, given([]))).toEqual({
      score: 0,
      explanation: expect.objectContaining({ missedOptionIds: ['a', 'b'], text: 'No option selected.' }),
    });
    expect(gradeWithExplanation(mcq, null)!.score).toBe(0);
    expect(gradeWithExplanation({ ...mcq, partialMarking: false }, given(['a', 'b']))!.explanation.text).toMatch(/all or nothing/);
  });

  it('ShortAnswer: the best of several matching accepted answers, whitespace and case ignored', () => {
    expect(gradeWithExplanation(short, given([], '  PARIS  '))).toEqual({
      score: 3,
      explanation: expect.objectContaining({ matchedAnswer: 'Paris', matchedWeight: 100 }),
    });
    expect(gradeWithExplanation(short, given([], 'paree'))).toEqual({
      score: 1.5,
      explanation: expect.objectContaining({
        matchedAnswer: 'Paree',
        matchedWeight: 50,
        text: 'Matched the accepted answer "Paree" at 50%.',
      }),
    });
    expect(gradeWithExplanation(short, given([], 'Lyon'))).toEqual({
      score: 0,
      explanation: expect.objectContaining({ matchedAnswer: null, text: 'No accepted answer matched.' }),
    });
    expect(gradeWithExplanation(short, given([], '   '))!.explanation.text).toBe('No answer given.');
  });

  it('LongAnswer waits for the teacher', () => {
    expect(gradeWithExplanation({ ...short, type: QuestionType.LongAnswer }, given([], 'essay'))).toBeNull();
  });
});
