import { presenter } from '../../core/rest';
import type { QtiImportOutcome } from './qti.service';

/** One import's result, the same fields on both transports (GraphQL QtiImportResult, REST data). */
export function importResult(o: QtiImportOutcome) {
  return {
    dryRun: o.dryRun,
    imported: o.read.questions.length,
    questions: o.read.questions.map((q) => ({
      identifier: q.identifier,
      type: q.question.type,
      questionText: q.question.questionText,
      points: q.question.points,
      notes: [...q.notes],
    })),
    skipped: o.read.skipped.map((s) => ({ ...s })),
    bankId: o.bankId,
    assessmentId: o.assessmentId,
  };
}

export const presentImportResult = presenter((_viewer, o: QtiImportOutcome) => importResult(o));

export const bankQtiUrl = (bankId: string) => `/api/question-banks/${bankId}/qti`;
export const assessmentQtiUrl = (assessmentId: string) => `/api/assessments/${assessmentId}/qti`;
