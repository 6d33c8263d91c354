import { DomainError, validation } from '../../errors/domain-error';
import { freeText, requiredText } from '../../core/input';
import { QuestionFields, questions } from '../assessments';
import { BankSharing } from './question-banks.types';

export const BANK_TEXT = {
  nameRequired: 'Bank name is required',
  notFound: 'Question bank not found',
  questionNotFound: 'Bank question not found',
  useOnly: 'Only teachers, SuperAdmin and Admin use question banks',
  createOnly: 'Only a teacher of the subject can create a bank of it',
  subjectNotFound: 'Subject not found',
  subjectRequired: 'Subject is required',
  cannotEdit: 'You may read this bank but not change its questions',
  cannotManage: 'Only the owner of this bank (or SuperAdmin, Admin) can rename, share or delete it',
  sharingInvalid: 'Sharing must be PRIVATE, READ or EDIT',
  addQuestion: 'Add at least one question',
  tooMany: (n: number) => `At most ${n} questions at once`,
  bankFull: (max: number, held: number) => `A bank holds at most ${max} questions; this one holds ${held}`,
  tagInvalid: 'A tag is at most 50 characters and not blank',
  tooManyTags: 'A question has at most 20 tags',
  usedByDraws: (n: number) => `This bank is drawn from by ${n} assessment${n === 1 ? '' : 's'}: remove those random draws first`,
  chooseQuestions: 'Choose at least one question',
  numbered: (i: number, message: string) => `Question ${i}: ${message}`,
} as const;

/** The most questions one call adds (an import of a whole bank included). */
export const ADD_MAX = 2000;

/** The most questions one bank holds: its page and its pickers read it whole (split a larger collection by unit). */
export const BANK_MAX = 2000;

/** Refuses a write that would take a bank past BANK_MAX (called under the bank's row lock). */
export function checkRoom(held: number, adding: number): void {
  if (held + adding > BANK_MAX) throw validation(BANK_TEXT.bankFull(BANK_MAX, held), 'questions');
}

export interface BankQuestionFields extends QuestionFields {
  tags: string[];
}

export function sharingOf(v: unknown, fallback?: BankSharing): BankSharing | undefined {
  if (v === undefined || v === null || v === '') return fallback;
  const s = typeof v === 'string' ? v.toLowerCase() : v;
  if (!Object.values(BankSharing).includes(s as BankSharing)) throw validation(BANK_TEXT.sharingInvalid, 'sharing');
  return s as BankSharing;
}

export const bankName = (v: unknown) => requiredText(v, BANK_TEXT.nameRequired, 'Name', 200, 'line', 'name');
export const bankDescription = (v: unknown) => freeText(v, 'Description', 5000, 'multiline', 'description');

function tags(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw validation(BANK_TEXT.tagInvalid, 'tags');
  const out = [...new Set(v.map((t) => requiredText(t, BANK_TEXT.tagInvalid, 'Tag', 50, 'line', 'tags')))];
  if (out.length > 20) throw validation(BANK_TEXT.tooManyTags, 'tags');
  return out;
}

/**
 * Bank questions checked as the assessment editor checks its questions (assessments.validation.ts), plus tags;
 * a refusal names the question's number in the list.
 */
export function bankQuestions(v: unknown): BankQuestionFields[] {
  if (!Array.isArray(v) || !v.length) throw validation(BANK_TEXT.addQuestion, 'questions');
  if (v.length > ADD_MAX) throw validation(BANK_TEXT.tooMany(ADD_MAX), 'questions');
  return v.map((raw, i) => {
    try {
      const [q] = questions([{ ...(raw && typeof raw === 'object' ? raw : {}), id: undefined, order: undefined }], BANK_TEXT.addQuestion);
      return { ...q, tags: tags((raw as { tags?: unknown } | null)?.tags) };
    } catch (err) {
      if (err instanceof DomainError && err.code === 'VALIDATION')
        throw new DomainError('VALIDATION', BANK_TEXT.numbered(i + 1, err.message), { ...err.details, index: i });
      throw err;
    }
  });
}
