import { DataSource } from 'typeorm';
import { DomainError, notFound, validation } from '../../errors/domain-error';
import { isId } from '../../app/ids';
import { Actor, authorize } from '../../policies';
import type { AssessmentsService } from '../assessments/assessments.service';
import { asDomainError } from '../files/files.service';
import { questionsOf } from '../assessments/assessments.queries';
import type { QuestionBanksService } from '../question-banks/question-banks.service';
import { writeQtiPackage } from './qti.export';
import { readQti } from './qti.import';
import { QTI_LIMITS, PACKAGE_TEXT } from './qti.package';
import { NeutralQuestion, QtiReadResult } from './qti.types';

export const QTI_TEXT = {
  oneTarget: 'Choose exactly one place to import into: an existing bank, a new bank or an assessment',
  nothingToImport: 'The package holds no question that can be imported',
  chooseFile: 'Please select a QTI package (zip) or item (XML) to import',
  imageNotKept: (path: string) => `The image ${path} is shown as [image: ...] in the text; images are not kept with questions`,
} as const;

export interface QtiImportTarget {
  bankId?: unknown;
  newBank?: { name?: unknown; subjectId?: unknown } | null;
  assessmentId?: unknown;
}

export interface QtiImportOutcome {
  dryRun: boolean;
  read: QtiReadResult;
  bankId: string | null;
  assessmentId: string | null;
}

/**
 * Reads an upload's bytes, refusing (PAYLOAD_TOO_LARGE) as soon as it passes the package limit; the rest of
 * the upload is then drained and dropped, so the request still ends.
 */
export function bytesOf(stream: NodeJS.ReadableStream, limit: number = QTI_LIMITS.packageBytes): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      if (size > limit) return;
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      chunks.length = 0;
      reject(new DomainError('PAYLOAD_TOO_LARGE', PACKAGE_TEXT.tooLarge));
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    // graphql-upload ends an upload over its 50MB with a 413 error: the same refusal
    stream.on('error', (err) => reject(asDomainError(err)));
  });
}

const neutral = (q: { type: NeutralQuestion['type']; questionText: string; points: number; options: Array<{ text: string; isCorrect: boolean | null }>;
  acceptedAnswers: Array<{ answer: string; weight: number }> | null; partialMarking: { enabled: boolean; penaltyPerWrong: number } | null; tags?: string[] }): NeutralQuestion => ({
  type: q.type, questionText: q.questionText, points: q.points, tags: q.tags ?? [],
  options: q.options.map((o) => ({ text: o.text, isCorrect: o.isCorrect === true })),
  acceptedAnswers: (q.acceptedAnswers ?? []).map((a) => ({ answer: a.answer, weight: a.weight })),
  partialMarking: { enabled: q.partialMarking?.enabled ?? false, penaltyPerWrong: q.partialMarking?.penaltyPerWrong ?? 0 },
});

/**
 * QTI import and export (issue 30 points 4 and 5). Import reads the package first (qti.import.ts: hostile
 * packages are refused before anything is written), then appends the questions to exactly one target in one
 * transaction of the owning service; a dry run stops after reading. Export is allowed to whoever reads the
 * bank (teachers it is shared with, SuperAdmin, Admin) or sees the assessment's key (its teachers, SuperAdmin,
 * Admin): never students or parents, to whom both answer not found.
 */
export class QtiService {
  constructor(private readonly ds: DataSource, private readonly banks: QuestionBanksService, private readonly assessments: AssessmentsService) {}

  async import(actor: Actor, bytes: Buffer, filename: string, target: QtiImportTarget, dryRun: boolean): Promise<QtiImportOutcome> {
    authorize(actor, 'questionBank.use', undefined);
    const given = [target.bankId, target.newBank, target.assessmentId].filter((t) => t !== undefined && t !== null && t !== '');
    if (given.length !== 1) throw validation(QTI_TEXT.oneTarget);
    // the target is checked before the package is read: a viewer who may not write there learns nothing more
    if (target.bankId) await this.banks.editable(actor, target.bankId);
    if (target.assessmentId) await this.assessments.manageable(actor, target.assessmentId);
    const read = await readQti(bytes, filename);
    // the codec reads the images; questions here are plain text, so each stays "[image: alt]" in the text
    for (const q of read.questions) for (const path of q.images) q.notes.push(QTI_TEXT.imageNotKept(path));
    const outcome: QtiImportOutcome = { dryRun, read, bankId: null, assessmentId: null };
    if (dryRun) return outcome;
    if (!read.questions.length) throw validation(QTI_TEXT.nothingToImport);
    const inputs = read.questions.map((q) => q.question);
    if (target.assessmentId) {
      outcome.assessmentId = await this.intoAssessment(actor, String(target.assessmentId), inputs);
      return outcome;
    }
    if (target.bankId) {
      await this.banks.addQuestions(actor, target.bankId, inputs);
      outcome.bankId = String(target.bankId);
      return outcome;
    }
    // the new bank and its questions in one transaction: a refused question leaves no empty bank behind
    outcome.bankId = await this.ds.transaction(async (m) => {
      const bank = await this.banks.create(actor, { name: target.newBank?.name, subjectId: target.newBank?.subjectId, sharing: 'private' }, m);
      await this.banks.addQuestions(actor, bank.id, inputs, m);
      return bank.id;
    });
    return outcome;
  }

  /** Appends to the assessment's questions through the editor's own replacement (existing ones keep their ids). */
  private async intoAssessment(actor: Actor, assessmentId: string, inputs: NeutralQuestion[]): Promise<string> {
    const existing = await questionsOf(this.ds, [assessmentId]);
    const keep = existing.map((q) => ({
      id: q.id, type: q.type, questionText: q.questionText, points: q.points, order: q.order,
      options: q.options.map((o) => ({ id: o.id, text: o.text, isCorrect: o.isCorrect })),
      acceptedAnswers: q.acceptedAnswers, partialMarking: q.partialMarking,
    }));
    const added = inputs.map(({ tags: _tags, ...q }, i) => ({ ...q, order: existing.length + i + 1 }));
    await this.assessments.update(actor, assessmentId, { questions: [...keep, ...added] });
    return assessmentId;
  }

  /** GET /api/question-banks/{id}/qti: the bank's questions, in order, with their tags. */
  async exportBank(actor: Actor, bankId: unknown): Promise<{ filename: string; zip: Buffer }> {
    const bank = await this.banks.readable(actor, bankId);
    const questions = await this.banks.listQuestions(actor, bank.id);
    return { filename: `${fileStem(bank.name)}-qti.zip`, zip: await writeQtiPackage(bank.name, questions.map(neutral)) };
  }

  /** GET /api/assessments/{id}/qti: the assessment's own questions (its teachers, SuperAdmin, Admin). */
  async exportAssessment(actor: Actor, assessmentId: unknown): Promise<{ filename: string; zip: Buffer }> {
    if (!isId(assessmentId)) throw notFound('Assessment not found');
    const { assessment, course } = await this.assessments.readable(actor, assessmentId);
    authorize(actor, 'assessment.seeKey', { teacherIds: course.teacherIds }, { as: 'notFound', message: 'Assessment not found' });
    const questions = await questionsOf(this.ds, [assessment.id]);
    return { filename: `${fileStem(assessment.title)}-qti.zip`, zip: await writeQtiPackage(assessment.title, questions.map(neutral)) };
  }
}

const fileStem = (name: string) => name.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'questions';
