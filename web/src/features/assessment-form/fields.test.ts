import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KINDS } from '../../lib/assessmentKinds';
import {
  draftFrom,
  draftFromBank,
  emptyFields,
  fieldsFrom,
  inputFrom,
  newAnswer,
  newOption,
  newQuestion,
  questionInputFrom,
  validateAssessment,
  validateQuestion,
  type AssessmentFields,
  type QuestionData,
  type QuestionDraft,
} from './fields';

// The due date goes between the datetime-local field (the user's time zone) and the server's ISO time: a zone
// away from UTC, with summer time, shows a conversion done in the wrong zone.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});

const mcq = (over: Partial<QuestionDraft> = {}): QuestionDraft => ({
  ...newQuestion('MCQ'),
  questionText: '2 + 2?',
  options: [newOption('3'), newOption('4', true)],
  ...over,
});

const shortAnswer = (over: Partial<QuestionDraft> = {}): QuestionDraft => ({
  ...newQuestion('SHORT_ANSWER'),
  questionText: 'Capital of France?',
  answers: [newAnswer('Paris')],
  ...over,
});

const fields = (over: Partial<AssessmentFields> = {}): AssessmentFields => ({
  ...emptyFields(),
  title: 'Week 1 quiz',
  dueDate: '2026-03-29T10:30',
  questions: [mcq()],
  ...over,
});

describe('the form’s defaults (spec section 9)', () => {
  it('starts immediate, whole class, visible, with one multiple-choice question of two empty options', () => {
    const f = emptyFields();
    expect(f).toMatchObject({
      title: '',
      dueDate: '',
      resultVisibility: 'IMMEDIATE',
      scope: 'WHOLE_CLASS',
      isVisible: true,
      targetStudentIds: [],
      randomDraws: [],
    });
    expect(f.questions).toHaveLength(1);
    expect(f.questions[0]).toMatchObject({ type: 'MCQ', points: '1', partialEnabled: false, penalty: '0' });
    expect(f.questions[0].options.map((o) => [o.text, o.isCorrect])).toEqual([
      ['', false],
      ['', false],
    ]);
    expect(f.questions[0].answers.map((a) => [a.answer, a.weight])).toEqual([['', '100']]);
  });

  it('gives every row a key of its own', () => {
    const keys = [newQuestion().key, newOption().key, newAnswer().key, newQuestion().key];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('validateQuestion', () => {
  it('accepts a complete question of each type', () => {
    expect(validateQuestion(mcq())).toEqual({});
    expect(validateQuestion(shortAnswer())).toEqual({});
    expect(validateQuestion({ ...newQuestion('LONG_ANSWER'), questionText: 'Explain.' })).toEqual({});
  });

  it('wants a question text and whole points of at least 1', () => {
    expect(validateQuestion(mcq({ questionText: '   ' })).questionText).toBe('Question text is required');
    const pointsText = 'Points must be a whole number of at least 1';
    for (const points of ['', ' ', '0', '-1', '1.5', 'two']) expect(validateQuestion(mcq({ points })).points).toBe(pointsText);
    expect(validateQuestion(mcq({ points: '1' })).points).toBeUndefined();
    expect(validateQuestion(mcq({ points: '100' })).points).toBeUndefined();
  });

  it('checks a multiple-choice question’s options in the server’s order of messages', () => {
    expect(validateQuestion(mcq({ options: [newOption('4', true)] })).options).toBe(
      'A multiple-choice question needs at least two options',
    );
    expect(validateQuestion(mcq({ options: [newOption('4', true), newOption('  ')] })).options).toBe('Option text is required');
    // the same text twice, case and spacing aside, named as first typed (trimmed)
    expect(validateQuestion(mcq({ options: [newOption(' Four  apples', true), newOption('four apples ')] })).options).toBe(
      'Each option of a question needs its own text: "four apples" appears twice',
    );
    expect(validateQuestion(mcq({ options: [newOption('3'), newOption('4')] })).options).toBe(
      'A multiple-choice question needs at least one correct option',
    );
  });

  it('checks the penalty only when partial marking is on: a whole percent from 0 to 100', () => {
    const penaltyText = 'Penalty per wrong answer must be a whole number from 0 to 100';
    expect(validateQuestion(mcq({ partialEnabled: false, penalty: 'x' })).penalty).toBeUndefined();
    for (const penalty of ['', '-1', '101', '12.5'])
      expect(validateQuestion(mcq({ partialEnabled: true, penalty })).penalty).toBe(penaltyText);
    for (const penalty of ['0', '100', '25']) expect(validateQuestion(mcq({ partialEnabled: true, penalty })).penalty).toBeUndefined();
  });

  it('checks a short answer’s accepted answers and their weights', () => {
    expect(validateQuestion(shortAnswer({ answers: [] })).answers).toBe('A short-answer question needs at least one accepted answer');
    expect(validateQuestion(shortAnswer({ answers: [newAnswer('Paris'), newAnswer(' ')] })).answers).toBe(
      'Accepted answer cannot be blank',
    );
    const weightText = 'Weight must be a whole number from 0 to 100';
    for (const weight of ['', '101', '-5', '50.5'])
      expect(validateQuestion(shortAnswer({ answers: [newAnswer('Paris', weight)] })).answers).toBe(weightText);
    expect(validateQuestion(shortAnswer({ answers: [newAnswer('Paris', '0'), newAnswer('paris', '100')] })).answers).toBeUndefined();
  });

  it('does not check options of a short answer, nor answers of a multiple-choice question', () => {
    expect(validateQuestion(shortAnswer({ options: [] }))).toEqual({});
    expect(validateQuestion(mcq({ answers: [] }))).toEqual({});
  });
});

describe('validateAssessment', () => {
  const quiz = KINDS.quiz;

  it('accepts a complete form', () => {
    expect(validateAssessment(quiz, fields(), false)).toEqual({});
  });

  it('names the kind in the title’s message and wants a due date', () => {
    const errors = validateAssessment(KINDS.exam, fields({ title: ' ', dueDate: '' }), false);
    expect(errors.title).toBe('Exam title is required');
    expect(errors.dueDate).toBe('Due date is required');
  });

  it('wants a question or a random draw, with the edit text on edit', () => {
    expect(validateAssessment(quiz, fields({ questions: [] }), false).questions).toBe('Please add at least one question');
    expect(validateAssessment(quiz, fields({ questions: [] }), true).questions).toBe('Please add at least one question to the quiz');
    const draw = { key: 'd1', bankId: 'b1', tag: '', count: '3' };
    expect(validateAssessment(quiz, fields({ questions: [], randomDraws: [draw] }), true)).toEqual({});
  });

  it('points to the questions marked below when one is incomplete', () => {
    expect(validateAssessment(quiz, fields({ questions: [mcq(), mcq({ questionText: '' })] }), false).questions).toBe(
      'Please complete the questions marked below',
    );
  });

  it('wants a student for an individually targeted item', () => {
    expect(validateAssessment(KINDS.assignment, fields({ scope: 'INDIVIDUAL_STUDENTS' }), false).students).toBe(
      'Please select at least one student for individual assignment',
    );
    expect(
      validateAssessment(KINDS.assignment, fields({ scope: 'INDIVIDUAL_STUDENTS', targetStudentIds: ['s1'] }), false).students,
    ).toBeUndefined();
    // the whole class needs no pick, whatever is left in the list
    expect(validateAssessment(KINDS.assignment, fields({ scope: 'WHOLE_CLASS', targetStudentIds: [] }), false).students).toBeUndefined();
  });

  it('wants each random draw’s bank first, then a whole count of at least 1', () => {
    const draw = (bankId: string, count: string) => ({ key: `d${bankId}${count}`, bankId, tag: '', count });
    expect(validateAssessment(quiz, fields({ randomDraws: [draw('', 'x')] }), false).draws).toBe('Choose the bank of each random draw');
    const countText = 'How many questions to draw must be a whole number of at least 1';
    for (const count of ['0', '', '1.5', '-2', 'two'])
      expect(validateAssessment(quiz, fields({ randomDraws: [draw('b1', count)] }), false).draws).toBe(countText);
    expect(validateAssessment(quiz, fields({ randomDraws: [draw('b1', ' 2 ')] }), false).draws).toBeUndefined();
  });
});

const serverQuestion: QuestionData = {
  id: 'q1',
  type: 'MCQ',
  questionText: '2 + 2?',
  points: 2,
  options: [
    { id: 'o1', text: '3', isCorrect: false },
    { id: 'o2', text: '4', isCorrect: true },
  ],
  acceptedAnswers: null,
  partialMarking: { enabled: true, penaltyPerWrong: 25 },
  bankQuestionId: 'bq1',
  bankLinked: true,
  images: [{ id: 'i1', name: 'sum.png', url: '/api/images/i1' }],
};

describe('draftFrom and draftFromBank', () => {
  it('holds a server question as the editor’s text fields, keeping the ids', () => {
    const d = draftFrom(serverQuestion);
    expect(d).toMatchObject({
      id: 'q1',
      type: 'MCQ',
      questionText: '2 + 2?',
      points: '2',
      partialEnabled: true,
      penalty: '25',
      bankQuestionId: 'bq1',
      bankLinked: true,
    });
    expect(d.options.map((o) => [o.id, o.text, o.isCorrect])).toEqual([
      ['o1', '3', false],
      ['o2', '4', true],
    ]);
    expect(d.images).toEqual(serverQuestion.images);
    // no accepted answers: one empty row to fill
    expect(d.answers.map((a) => [a.answer, a.weight])).toEqual([['', '100']]);
  });

  it('fills the blanks of a question without a key (null key fields, no options)', () => {
    const d = draftFrom({
      id: 'q2',
      type: 'SHORT_ANSWER',
      questionText: 'Capital?',
      points: 1,
      options: [],
      acceptedAnswers: [{ answer: 'Paris', weight: 80 }],
    });
    expect(d.options.map((o) => [o.text, o.isCorrect])).toEqual([
      ['', false],
      ['', false],
    ]);
    expect(d.answers.map((a) => [a.answer, a.weight])).toEqual([['Paris', '80']]);
    expect(d).toMatchObject({ partialEnabled: false, penalty: '0', bankQuestionId: null, bankLinked: false });
  });

  it('copies a bank question as a new question: no ids, no bank link, no images', () => {
    const d = draftFromBank(serverQuestion);
    expect(d.id).toBeUndefined();
    expect(d.options.map((o) => o.id)).toEqual([undefined, undefined]);
    expect(d.options.map((o) => o.text)).toEqual(['3', '4']);
    expect(d).toMatchObject({ bankQuestionId: null, bankLinked: false, images: undefined, points: '2', penalty: '25' });
  });
});

describe('questionInputFrom', () => {
  it('sends a multiple-choice question’s options and partial marking, trimmed, and no accepted answers', () => {
    const q = mcq({
      questionText: ' 2 + 2? ',
      points: '3',
      options: [{ ...newOption(' 3 '), id: 'o1' }, newOption('4 ', true)],
      partialEnabled: true,
      penalty: '50',
    });
    expect(questionInputFrom(q)).toEqual({
      type: 'MCQ',
      questionText: '2 + 2?',
      points: 3,
      options: [
        { id: 'o1', text: '3', isCorrect: false },
        { id: undefined, text: '4', isCorrect: true },
      ],
      partialMarking: { enabled: true, penaltyPerWrong: 50 },
    });
  });

  it('sends a penalty of 0 while partial marking is off, whatever the field holds', () => {
    expect(questionInputFrom(mcq({ partialEnabled: false, penalty: '40' })).partialMarking).toEqual({ enabled: false, penaltyPerWrong: 0 });
  });

  it('sends a short answer’s accepted answers with numeric weights, and no options', () => {
    const input = questionInputFrom(shortAnswer({ answers: [newAnswer(' Paris ', '100'), newAnswer('paris, France', '50')] }));
    expect(input).toEqual({
      type: 'SHORT_ANSWER',
      questionText: 'Capital of France?',
      points: 1,
      acceptedAnswers: [
        { answer: 'Paris', weight: 100 },
        { answer: 'paris, France', weight: 50 },
      ],
    });
  });

  it('sends a long answer with neither options nor accepted answers', () => {
    expect(questionInputFrom({ ...newQuestion('LONG_ANSWER'), questionText: 'Explain.' })).toEqual({
      type: 'LONG_ANSWER',
      questionText: 'Explain.',
      points: 1,
    });
  });
});

describe('fieldsFrom and inputFrom', () => {
  const server = {
    title: 'Week 1 quiz',
    description: 'Fractions',
    instructions: 'No calculators',
    // 09:30 UTC in summer time is 11:30 in Berlin
    dueDate: '2026-07-01T09:30:00.000Z',
    resultVisibility: 'MANUAL' as const,
    isVisible: false,
    scope: 'INDIVIDUAL_STUDENTS' as const,
    targetStudents: [{ id: 's1' }, { id: 's2' }],
    questions: [serverQuestion],
    randomDraws: [
      { bankId: 'b1', tag: null, count: 2 },
      { bankId: 'b2', tag: 'algebra', count: 1 },
    ],
    version: 7,
  };

  it('starts the edit form from the server’s item, the due date in the user’s time zone', () => {
    const f = fieldsFrom(server);
    expect(f).toMatchObject({
      title: 'Week 1 quiz',
      dueDate: '2026-07-01T11:30',
      resultVisibility: 'MANUAL',
      isVisible: false,
      scope: 'INDIVIDUAL_STUDENTS',
      targetStudentIds: ['s1', 's2'],
      version: 7,
    });
    expect(f.randomDraws.map((d) => [d.bankId, d.tag, d.count])).toEqual([
      ['b1', '', '2'],
      ['b2', 'algebra', '1'],
    ]);
    expect(f.questions.map((q) => q.id)).toEqual(['q1']);
  });

  it('reads no target students as an empty pick', () => {
    expect(fieldsFrom({ ...server, scope: 'WHOLE_CLASS', targetStudents: null }).targetStudentIds).toEqual([]);
  });

  it('sends the due date back as the same instant, in winter time too', () => {
    expect(inputFrom(fieldsFrom(server)).dueDate).toBe('2026-07-01T09:30:00.000Z');
    expect(inputFrom(fields({ dueDate: '2026-01-15T08:00' })).dueDate).toBe('2026-01-15T07:00:00.000Z');
    // the year's last half hour in Berlin is an hour earlier in UTC
    expect(inputFrom(fields({ dueDate: '2026-12-31T23:30' })).dueDate).toBe('2026-12-31T22:30:00.000Z');
    // just after midnight local is still the day before in UTC
    expect(inputFrom(fields({ dueDate: '2026-03-01T00:30' })).dueDate).toBe('2026-02-28T23:30:00.000Z');
  });

  it('leaves the draws out of an edit that did not change them (the server refuses a change once drawn)', () => {
    const input = inputFrom(fieldsFrom(server));
    expect(input).not.toHaveProperty('randomDraws');
    const changed = fieldsFrom(server);
    changed.randomDraws[0].count = '3';
    expect(inputFrom(changed).randomDraws).toEqual([
      { bankId: 'b1', tag: null, count: 3 },
      { bankId: 'b2', tag: 'algebra', count: 1 },
    ]);
  });

  it('sends draws on create only when there are some', () => {
    expect(inputFrom(fields())).not.toHaveProperty('randomDraws');
    expect(inputFrom(fields({ randomDraws: [{ key: 'd', bankId: 'b1', tag: 'algebra', count: '4' }] })).randomDraws).toEqual([
      { bankId: 'b1', tag: 'algebra', count: 4 },
    ]);
  });

  it('numbers the questions from 1 in the list’s order and trims the texts', () => {
    const input = inputFrom(
      fields({ title: ' Quiz ', description: ' d ', instructions: ' i ', questions: [shortAnswer(), { ...mcq(), id: 'q9' }] }),
    );
    expect(input).toMatchObject({ title: 'Quiz', description: 'd', instructions: 'i' });
    expect(input.questions.map((q) => [q.id, q.type, q.order])).toEqual([
      [undefined, 'SHORT_ANSWER', 1],
      ['q9', 'MCQ', 2],
    ]);
  });

  it('sends the picked students only for an individually targeted item', () => {
    expect(inputFrom(fields({ scope: 'WHOLE_CLASS', targetStudentIds: ['s1'] })).targetStudentIds).toEqual([]);
    expect(inputFrom(fields({ scope: 'INDIVIDUAL_STUDENTS', targetStudentIds: ['s1'] })).targetStudentIds).toEqual(['s1']);
  });
});
