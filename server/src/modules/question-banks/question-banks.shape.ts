import { presentQuestionImage } from '../assessments';
import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { BankQuestion, BankQuestionUse, QuestionBank, QuestionStatistics } from './question-banks.types';

/** A bank for REST (keys included: only those who may read the bank ever get one). */
export const presentBank = presenter((_viewer: Actor, b: QuestionBank) => ({
  id: b.id,
  name: b.name,
  description: b.description,
  subjectId: b.subjectId,
  ownerId: b.ownerId,
  ownerName: b.ownerName,
  sharing: b.sharing,
  canEdit: b.canEdit,
  canManage: b.canManage,
  questionCount: b.questionCount,
  tags: b.tags,
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
  version: b.version,
}));

const presentStatistics = (s: QuestionStatistics | null) =>
  s && {
    answered: s.answered,
    graded: s.graded,
    averageScore: s.averageScore,
    difficulty: s.difficulty,
    discrimination: s.discrimination,
    options: s.options.map((o) => ({ optionId: o.optionId, text: o.text, chosen: o.chosen })),
  };

/** A bank question for REST, with where it is used and its statistics when given (the bank page). */
export const presentBankQuestion = presenter(
  (viewer: Actor, q: BankQuestion, extra?: { usedIn: BankQuestionUse[]; statistics: QuestionStatistics | null }) => ({
    id: q.id,
    bankId: q.bankId,
    type: q.type,
    questionText: q.questionText,
    points: q.points,
    position: q.position,
    options: q.options.map((o) => ({ id: o.id, text: o.text, isCorrect: o.isCorrect })),
    acceptedAnswers: q.acceptedAnswers.map((a) => ({ answer: a.answer, weight: a.weight })),
    partialMarking: { enabled: q.partialMarking.enabled, penaltyPerWrong: q.partialMarking.penaltyPerWrong },
    tags: q.tags,
    version: q.version,
    ...(q.imageRows ? { images: q.imageRows.map((i) => presentQuestionImage(viewer, i)) } : {}),
    ...(extra
      ? {
          usedIn: extra.usedIn.map((u) => ({
            assessmentId: u.assessmentId,
            title: u.title,
            kind: u.kind,
            linked: u.linked,
            drawn: u.drawn,
          })),
          statistics: presentStatistics(extra.statistics),
        }
      : {}),
  }),
);

/** A bank with its questions, each with where it is used and its statistics (the bank page, GET /question-banks/{id}). */
export const presentBankPage = presenter(
  (viewer: Actor, b: QuestionBank, questions: BankQuestion[], uses: BankQuestionUse[][], stats: Map<string, QuestionStatistics>) => ({
    ...presentBank(viewer, b),
    questions: questions.map((q, i) => presentBankQuestion(viewer, q, { usedIn: uses[i] ?? [], statistics: stats.get(q.id) ?? null })),
  }),
);
