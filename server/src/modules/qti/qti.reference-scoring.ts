import { autoScore } from '../assessments/grading';
import { NeutralQuestion } from './qti.types';
import { XNode, descendants, elements, first, textOf } from './qti.xml';

/**
 * For the tests: what an item's own response processing gives a response, read straight from the QTI
 * (the match_correct and map_response templates, and the all-or-nothing processing the exporter writes),
 * independent of the importer; and the application's grade of the same answer to the imported question.
 */

const num = (v: string | undefined, fallback: number) => (v === undefined || v === '' ? fallback : Number(v));

/** SCORE for `response` (choice identifiers, or one text): the QTI meaning of the item. */
export function qtiScore(item: XNode, response: string[]): number {
  const decl = first(item, 'qti-response-declaration')!;
  const correct = descendants(first(decl, 'qti-correct-response')!, 'qti-value').map((v) => textOf(v).trim());
  const rp = first(item, 'qti-response-processing');
  const template = rp?.attrs.template ?? '';
  const mapping = first(decl, 'qti-mapping');
  if (/map_response/.test(template) && mapping) {
    const entries = elements(mapping, 'qti-map-entry');
    const value = (r: string) => {
      const e = entries.find((x) => (x.attrs['case-sensitive'] === 'false' ? x.attrs['map-key'].toLowerCase() === r.toLowerCase() : x.attrs['map-key'] === r));
      return e ? Number(e.attrs['mapped-value']) : num(mapping.attrs['default-value'], 0);
    };
    // map_response sums the mapped values of the distinct responses, then bounds the sum
    const sum = [...new Set(response)].reduce((s, r) => s + value(r), 0);
    const lower = mapping.attrs['lower-bound'];
    const upper = mapping.attrs['upper-bound'];
    return Math.min(upper === undefined ? Infinity : Number(upper), Math.max(lower === undefined ? -Infinity : Number(lower), sum));
  }
  const match = response.length === correct.length && correct.every((c) => response.includes(c));
  if (/match_correct/.test(template)) return match ? 1 : 0;
  const set = descendants(rp!, 'qti-base-value').map((b) => Number(textOf(b)));
  return match ? Math.max(...set) : 0;
}

/** The application's grade of an answer to an imported question; choices are named by their place (0-based). */
export function appScore(q: NeutralQuestion, answer: { chosen?: number[]; text?: string }): number | null {
  return autoScore({
    type: q.type, points: q.points,
    options: q.options.map((o, i) => ({ id: String(i), isCorrect: o.isCorrect })),
    accepted: q.acceptedAnswers, partialMarking: q.partialMarking.enabled, penaltyPerWrong: q.partialMarking.penaltyPerWrong,
  }, { answer: answer.text ?? '', selectedOptionIds: (answer.chosen ?? []).map(String) });
}
