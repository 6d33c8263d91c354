import { QuestionType } from './assessment.entity';
import { autoScore, gradeMcq, gradeShortAnswer, normalizeAnswer } from './auto-grade';

const options = [
  { id: 'a', isCorrect: true },
  { id: 'b', isCorrect: true },
  { id: 'c', isCorrect: false },
  { id: 'd', isCorrect: false },
];
const mcq = { points: 4, options, partialMarking: false, penaltyPerWrong: 0 };

describe('MCQ', () => {
  it('without partial marking is all or nothing on the selected set', () => {
    expect(gradeMcq(mcq, ['a', 'b'])).toBe(4);
    expect(gradeMcq(mcq, ['b', 'a'])).toBe(4);
    expect(gradeMcq(mcq, ['a'])).toBe(0);
    expect(gradeMcq(mcq, ['a', 'b', 'c'])).toBe(0);
    expect(gradeMcq(mcq, [])).toBe(0);
  });

  it('with partial marking gives the share of correct ones less the penalty per wrong one, within 0..points', () => {
    const pm = { ...mcq, partialMarking: true, penaltyPerWrong: 25 };
    expect(gradeMcq(pm, ['a', 'b'])).toBe(4);
    expect(gradeMcq(pm, ['a'])).toBe(2);
    expect(gradeMcq(pm, ['a', 'c'])).toBe(1); // 2 - 4 x 25%
    expect(gradeMcq(pm, ['c', 'd'])).toBe(0); // clamped
    expect(gradeMcq({ ...pm, points: 1, penaltyPerWrong: 10, options: [...options, { id: 'e', isCorrect: true }] }, ['a'])).toBe(0.33);
  });
});

describe('ShortAnswer', () => {
  const q = {
    points: 5,
    accepted: [
      { answer: 'Paris', weight: 100 },
      { answer: 'paris  france', weight: 50 },
      { answer: 'PARIS', weight: 80 },
    ],
  };
  it('compares trimmed, case-insensitive, with inner whitespace collapsed, and takes the best weight', () => {
    expect(normalizeAnswer('  Paris\t France ')).toBe('paris france');
    expect(gradeShortAnswer(q, ' paris ')).toBe(5);
    expect(gradeShortAnswer(q, 'Paris   France')).toBe(2.5);
    expect(gradeShortAnswer(q, 'London')).toBe(0);
    expect(gradeShortAnswer(q, '')).toBe(0);
    expect(gradeShortAnswer({ points: 3, accepted: [{ answer: 'x', weight: 33 }] }, 'X')).toBe(0.99);
  });
});

test('LongAnswer is not graded automatically; a missing answer scores 0', () => {
  const base = { points: 2, options: [], accepted: [], partialMarking: false, penaltyPerWrong: 0 };
  expect(autoScore({ ...base, type: QuestionType.LongAnswer }, { answer: 'essay', selectedOptionIds: [] })).toBeNull();
  expect(autoScore({ ...base, type: QuestionType.ShortAnswer }, null)).toBe(0);
});
