import { QuestionType } from '../assessments';

/** A question as the codec reads and writes it: the fields of the contract's BankQuestionInput. */
export interface NeutralQuestion {
  type: QuestionType;
  questionText: string;
  points: number;
  options: Array<{ text: string; isCorrect: boolean }>;
  acceptedAnswers: Array<{ answer: string; weight: number }>;
  partialMarking: { enabled: boolean; penaltyPerWrong: number };
  tags: string[];
  /** The images shown under the text (export only: on import they come as `QtiQuestion.images`). */
  images?: Array<{ name: string; bytes: Buffer }>;
}

/** One item read: the question, where it came from, and what of its scoring could not be kept exactly. */
export interface QtiQuestion {
  identifier: string;
  /** The interaction, named as QTI 2.x names it (choiceInteraction). */
  interaction: string;
  /** The package file it was read from. */
  file: string;
  question: NeutralQuestion;
  /** Where the question differs from the item (scoring this application cannot express): shown in the preview. */
  notes: string[];
  /** Package paths of the images the item shows (each is in `files` of the result). */
  images: string[];
}

/** An item not imported, never silently: its identifier, interaction and why. */
export interface QtiSkipped {
  identifier: string;
  interaction: string;
  reason: string;
}

/** An image an item refers to, read from the package. */
export interface QtiFile {
  path: string;
  bytes: Buffer;
}

export interface QtiReadResult {
  questions: QtiQuestion[];
  skipped: QtiSkipped[];
  files: QtiFile[];
}
