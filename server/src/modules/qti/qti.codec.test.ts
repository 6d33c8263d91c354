import { QuestionType } from '../assessments';
import { readQti } from './qti.import';
import { fixtureFile, fixturePackage } from './fixtures';
import { appScore, qtiScore } from './fixtures/reference-scoring';
import { parseXml } from './qti.xml';

/**
 * Import of the 1EdTech specification's own examples (fixtures/README.md): QTI 3.0 and 2.2 choice (single and
 * multiple), text entry and extended text, and an order item that is reported as skipped. The scoring of
 * each imported question is checked by grading sample answers with the application's grader and comparing
 * with what the item's response processing gives them.
 */

const item = (folder: string, file: string) => parseXml(fixtureFile(folder, file), file);
const packageOf = fixturePackage;
const sign = (folder: string) => fixtureFile(folder, 'images/sign.png');

describe.each([
  ['qti3', 'QTI 3.0'],
  ['qti22', 'QTI 2.2'],
])('the %s examples (%s)', (folder) => {
  it('become an MCQ (single), an MCQ with partial marking (multiple), a short answer and a long answer; the order item is skipped', async () => {
    const read = await readQti(await packageOf(folder));
    expect(read.questions.map((q) => [q.identifier, q.interaction, q.question.type])).toEqual([
      ['choice', 'choiceInteraction', QuestionType.MCQ],
      ['choiceMultiple', 'choiceInteraction', QuestionType.MCQ],
      ['textEntry', 'textEntryInteraction', QuestionType.ShortAnswer],
      ['extendedText', 'extendedTextInteraction', QuestionType.LongAnswer],
    ]);
    expect(read.skipped).toEqual([
      {
        identifier: 'order',
        interaction: 'orderInteraction',
        reason: expect.stringContaining('orderInteraction has no question type here'),
      },
    ]);

    const [choice, water, text, essay] = read.questions.map((q) => q.question);
    expect(choice).toMatchObject({ points: 1, partialMarking: { enabled: false, penaltyPerWrong: 0 } });
    expect(choice.questionText).toBe('Look at the text in the picture.\n\n[image: NEVER LEAVE LUGGAGE UNATTENDED]\n\nWhat does it say?');
    expect(choice.options).toEqual([
      { text: 'You must stay with your luggage at all times.', isCorrect: true },
      { text: 'Do not let someone else look after your luggage.', isCorrect: false },
      { text: 'Remember your luggage when you leave.', isCorrect: false },
    ]);
    expect(read.questions[0].images).toEqual(['images/sign.png']);
    expect(read.files.map((f) => [f.path, f.bytes.equals(sign(folder))])).toEqual([['images/sign.png', true]]);

    expect(water.questionText).toBe('Which of the following elements are used to form water?');
    expect(water.options.filter((o) => o.isCorrect).map((o) => o.text)).toEqual(['Hydrogen', 'Oxygen']);
    // upper bound 2; Chlorine costs 1 and the unmapped wrong ones (default value) 2: the larger, 100%, is kept
    expect(water).toMatchObject({ points: 2, partialMarking: { enabled: true, penaltyPerWrong: 100 } });
    expect(read.questions[1].notes).toEqual([
      'The wrong options cost 2, 1 in the package; here each costs the largest, 100% of the points',
    ]);

    expect(text.points).toBe(1);
    expect(text.acceptedAnswers).toEqual([{ answer: 'York', weight: 100 }]);
    expect(text.questionText).toContain('Made glorious summer by this sun of _____ ;');
    expect(read.questions[2].notes).toEqual([
      'Answers are compared here without regard to case and spacing: "york" (50%) earns what "York" earns (100%)',
    ]);

    expect(essay).toMatchObject({ points: 1, options: [], acceptedAnswers: [] });
    expect(essay.questionText).toContain('Write Sam a postcard. Answer the questions. Write 25-35 words.');
    expect(read.questions[3].notes).toEqual(['The image images/postcard.png is not in the package']);
  });

  it("grades sample answers as the items' response processing does, except where a note says otherwise", async () => {
    const read = await readQti(await packageOf(folder));
    const byId = Object.fromEntries(read.questions.map((q) => [q.identifier, q.question]));
    const frac = (score: number | null, max: number) => (score ?? NaN) / max;
    const check = (file: string, id: string, max: number, ids: string[], response: string[]) => {
      const q = byId[id];
      const app =
        q.type === QuestionType.MCQ ? appScore(q, { chosen: response.map((r) => ids.indexOf(r)) }) : appScore(q, { text: response[0] });
      return [frac(app, q.points), frac(qtiScore(item(folder, file), response), max)];
    };
    const choices = ['ChoiceA', 'ChoiceB', 'ChoiceC'];
    for (const r of [['ChoiceA'], ['ChoiceB'], ['ChoiceC'], []]) {
      const [app, qti] = check('choice.xml', 'choice', 1, choices, r);
      expect({ r, app }).toEqual({ r, app: qti });
    }
    const water = ['H', 'He', 'C', 'O', 'N', 'Cl'];
    for (const r of [['H', 'O'], ['H'], ['O'], ['H', 'He'], ['H', 'O', 'He'], ['H', 'Cl'], ['Cl'], ['He', 'N'], []]) {
      const [app, qti] = check('choice_multiple.xml', 'choiceMultiple', 2, water, r);
      expect({ r, app }).toEqual({ r, app: qti });
    }
    // the one difference the note names: Chlorine costs 1 in the package, the largest penalty (2) here
    expect(check('choice_multiple.xml', 'choiceMultiple', 2, water, ['H', 'O', 'Cl'])).toEqual([0, 0.5]);
    for (const r of [['York'], ['Lancaster'], ['']]) {
      const [app, qti] = check('text_entry.xml', 'textEntry', 1, [], r);
      expect({ r, app }).toEqual({ r, app: qti });
    }
    // and the one the text entry's note names: case is not compared here
    expect(check('text_entry.xml', 'textEntry', 1, [], ['york'])).toEqual([1, 0.5]);
    expect(appScore(byId.extendedText, { text: 'Dear Sam' })).toBeNull();
  });
});

describe('a single item XML', () => {
  it('is read on its own (no package), its images noted as missing', async () => {
    const read = await readQti(fixtureFile('qti22', 'choice.xml'), 'choice.xml');
    expect(read.questions.map((q) => [q.identifier, q.question.type, q.notes])).toEqual([
      ['choice', QuestionType.MCQ, ['The image images/sign.png is not in the upload (send a package to bring images)']],
    ]);
  });

  it('of another interaction is listed as skipped', async () => {
    const read = await readQti(fixtureFile('qti3', 'order.xml'), 'order.xml');
    expect(read).toMatchObject({ questions: [], skipped: [{ identifier: 'order', interaction: 'orderInteraction' }] });
  });
});
