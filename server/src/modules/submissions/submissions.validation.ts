import { validation } from '../../errors/domain-error';
import { isId } from '../../core/ids';
import { freeText } from '../../core/input';
import { AssessmentKind, QuestionType, Question } from '../assessments';

const NOUN: Record<AssessmentKind, string> = { ASSIGNMENT: 'assignment', EXAM: 'exam', QUIZ: 'quiz' };
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/** Texts of the taking side: the spec's where it has one (assessments.md sections 2, 4, 8), else what to do. */
export const SUBMISSION_TEXT = {
  submitted: (k: AssessmentKind) => `${cap(NOUN[k])} submitted successfully!`,
  alreadySubmitted: (k: AssessmentKind) => `You have already submitted this ${NOUN[k]}`,
  overdue: 'Overdue: the due date has passed. You can no longer submit your work.',
  onlyStudents: 'Only students can submit work',
  notFound: 'Submission not found',
  answersInvalid: 'Answers must be a list of questionId, answer and selectedOptions',
  unknownQuestion: 'An answer names a question that is not part of this item',
  duplicateQuestion: 'Each question can be answered only once',
  unknownOption: 'A selected option is not an option of its question',
  fileNotLongAnswer: 'A file can be uploaded only for a long-answer question',
  fileUnused: 'Each uploaded file must belong to a long-answer question',
  fileWhichQuestion:
    "This item has several long-answer questions: name each file's question, either by the part's name (file_<questionId>) or by the answer's fileIndex (the file's position among the files parts, from 0)",
  fileType: 'Only PDF, JPG, JPEG, PNG, DOC, DOCX and TXT files can be uploaded',
  released: 'Results released',
  draftSaved: 'Draft saved',
  fileMissing: 'Choose a file to attach',
  noDraftFile: 'Your draft keeps no file for this question',
} as const;

/** Long-answer upload types (assessments.md sections 5 and 9): pdf, jpg, jpeg, png, doc, docx, txt. */
export const SUBMISSION_MIME = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
];

/** One answer as both transports hand it over (REST: selectedOptions may be option texts). */
export interface AnswerInput {
  questionId?: unknown;
  answer?: unknown;
  selectedOptionIds?: unknown;
  fileIndex?: unknown;
  keepFile?: unknown;
}

export interface CheckedAnswer {
  questionId: string;
  answer: string;
  selectedOptionIds: string[];
  fileIndex: number | null;
  keepFile: boolean;
}

const ANSWER_MAX = 50_000;

/**
 * The answers against the item's questions: each question at most once, options of that question (by id,
 * or by exact text as the spec's REST client sends them), files only for long answers and each file used
 * exactly once (a single file no answer names goes to the only long-answer question). Questions without an
 * answer are unanswered.
 */
export function checkAnswers(raw: unknown, questions: Question[], fileCount: number): CheckedAnswer[] {
  if (raw === undefined || raw === null) raw = [];
  if (!Array.isArray(raw)) throw validation(SUBMISSION_TEXT.answersInvalid, 'answers');
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<string>();
  const usedFiles = new Set<number>();
  const out = raw.map((r: unknown) => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) throw validation(SUBMISSION_TEXT.answersInvalid, 'answers');
    const a = r as AnswerInput;
    const q = typeof a.questionId === 'string' && isId(a.questionId) ? byId.get(a.questionId) : undefined;
    if (!q) throw validation(SUBMISSION_TEXT.unknownQuestion, 'questionId');
    if (seen.has(q.id)) throw validation(SUBMISSION_TEXT.duplicateQuestion, 'questionId');
    seen.add(q.id);
    const answer = freeText(a.answer, 'Answer', ANSWER_MAX, undefined, 'answer') ?? '';
    const picked = a.selectedOptionIds === undefined || a.selectedOptionIds === null ? [] : a.selectedOptionIds;
    if (!Array.isArray(picked)) throw validation(SUBMISSION_TEXT.answersInvalid, 'selectedOptionIds');
    const selectedOptionIds = [
      ...new Set(
        picked.map((p) => {
          const o = q.options.find((x) => x.id === p) ?? q.options.find((x) => typeof p === 'string' && x.text === p);
          if (!o) throw validation(SUBMISSION_TEXT.unknownOption, 'selectedOptionIds');
          return o.id;
        }),
      ),
    ];
    let fileIndex: number | null = null;
    if (a.fileIndex !== undefined && a.fileIndex !== null) {
      if (
        !Number.isInteger(a.fileIndex) ||
        (a.fileIndex as number) < 0 ||
        (a.fileIndex as number) >= fileCount ||
        usedFiles.has(a.fileIndex as number)
      ) {
        throw validation(SUBMISSION_TEXT.fileUnused, 'files');
      }
      if (q.type !== QuestionType.LongAnswer) throw validation(SUBMISSION_TEXT.fileNotLongAnswer, 'files');
      fileIndex = a.fileIndex as number;
      usedFiles.add(fileIndex);
    }
    return { questionId: q.id, answer, selectedOptionIds, fileIndex, keepFile: a.keepFile === true || a.keepFile === 'true' };
  });
  if (usedFiles.size === 0 && fileCount > 0) return withOnlyFile(out, questions, fileCount);
  if (usedFiles.size !== fileCount) throw validation(SUBMISSION_TEXT.fileUnused, 'files');
  return out;
}

/**
 * A file no answer names (the spec's client sends a plain `files` part) belongs to the item's only long-answer
 * question; with several, which one is which cannot be guessed, and the error says the two ways to tell.
 */
function withOnlyFile(out: CheckedAnswer[], questions: Question[], fileCount: number): CheckedAnswer[] {
  const longs = questions.filter((q) => q.type === QuestionType.LongAnswer);
  if (longs.length > 1) throw validation(SUBMISSION_TEXT.fileWhichQuestion);
  if (longs.length !== 1 || fileCount !== 1) throw validation(SUBMISSION_TEXT.fileUnused);
  const given = out.find((a) => a.questionId === longs[0].id);
  if (given) return out.map((a) => (a === given ? { ...a, fileIndex: 0 } : a));
  return [...out, { questionId: longs[0].id, answer: '', selectedOptionIds: [], fileIndex: 0, keepFile: false }];
}
