import { QuestionType } from '../assessments';
import { writeQtiPackage } from './qti.export';
import { readQti } from './qti.import';
import { openPackage } from './qti.package';
import { appScore, qtiScore } from './fixtures/reference-scoring';
import { SAMPLE_QUESTIONS } from './fixtures';
import { parseXml } from './qti.xml';

/** Questions written as QTI 3.0 read back the same, with no note, and the package scores as the grader does. */

const allSubsets = (n: number) =>
  Array.from({ length: 2 ** n }, (_x, mask) => Array.from({ length: n }, (_y, i) => i).filter((i) => mask & (1 << i)));

describe('QTI 3.0 export', () => {
  it('reads back as the same questions (text, points, options, answers, partial marking, tags) with no note and nothing skipped', async () => {
    const read = await readQti(await writeQtiPackage('Algebra <basics>', SAMPLE_QUESTIONS));
    expect(read.skipped).toEqual([]);
    expect(read.questions.map((q) => q.notes)).toEqual(SAMPLE_QUESTIONS.map(() => []));
    expect(read.questions.map((q) => q.question)).toEqual(SAMPLE_QUESTIONS);
  });

  it('means what the grader does: every possible choice, and sample texts, score the same in the package and after import', async () => {
    const zip = await writeQtiPackage('t', SAMPLE_QUESTIONS);
    const pkg = await openPackage(zip);
    const read = await readQti(zip);
    try {
      for (const [i, q] of SAMPLE_QUESTIONS.entries()) {
        const item = parseXml(await pkg.read(`items/q${i + 1}.xml`), 'item');
        const back = read.questions[i].question;
        if (q.type === QuestionType.MCQ) {
          for (const chosen of allSubsets(q.options.length)) {
            const expected = appScore(q, { chosen });
            expect({
              i,
              chosen,
              qti: qtiScore(
                item,
                chosen.map((c) => `choice${c + 1}`),
              ),
            }).toEqual({ i, chosen, qti: expected });
            expect({ i, chosen, back: appScore(back, { chosen }) }).toEqual({ i, chosen, back: expected });
          }
        } else if (q.type === QuestionType.ShortAnswer) {
          for (const text of ['Paris', ' paris ', 'LUTÈCE', 'Paree', 'Rome', '']) {
            const expected = appScore(q, { text });
            expect({ text, qti: Math.round(qtiScore(item, [text.trim()]) * 100) / 100 }).toEqual({ text, qti: expected });
            expect({ text, back: appScore(back, { text }) }).toEqual({ text, back: expected });
          }
        } else {
          expect(appScore(back, { text: 'anything' })).toBeNull();
        }
      }
    } finally {
      pkg.close();
    }
  });
});
