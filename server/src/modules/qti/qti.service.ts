import { DataSource } from 'typeorm';
import { DomainError, notFound, validation } from '../../errors/domain-error';
import { isId } from '../../core/ids';
import { Actor, authorize } from '../../policies';
import type { AssessmentsService } from '../assessments';
import { FilesService, asDomainError } from '../files';
import { QuestionImagesService, imageRefusal } from './question-images';
import { questionsOf } from '../assessments';
import type { QuestionBanksService } from '../question-banks';
import { writeQtiPackage } from './qti.export';
import { readQti } from './qti.import';
import { QTI_LIMITS, PACKAGE_TEXT } from './qti.package';
import { NeutralQuestion, QtiReadResult } from './qti.types';

export const QTI_TEXT = {
  oneTarget: 'Choose exactly one place to import into: an existing bank, a new bank or an assessment',
  nothingToImport: 'The package holds no question that can be imported',
  chooseFile: 'Please select a QTI package (zip) or item (XML) to import',
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

const neutral = (q: {
  type: NeutralQuestion['type'];
  questionText: string;
  points: number;
  options: Array<{ text: string; isCorrect: boolean | null }>;
  acceptedAnswers: Array<{ answer: string; weight: number }> | null;
  partialMarking: { enabled: boolean; penaltyPerWrong: number } | null;
  tags?: string[];
}): NeutralQuestion => ({
  type: q.type,
  questionText: q.questionText,
  points: q.points,
  tags: q.tags ?? [],
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
  readonly images: QuestionImagesService;

  constructor(
    private readonly ds: DataSource,
    private readonly banks: QuestionBanksService,
    private readonly assessments: AssessmentsService,
    files: FilesService,
  ) {
    this.images = new QuestionImagesService(ds, files, banks, assessments);
  }

  async import(actor: Actor, bytes: Buffer, filename: string, target: QtiImportTarget, dryRun: boolean): Promise<QtiImportOutcome> {
    authorize(actor, 'questionBank.use', undefined);
    const given = [target.bankId, target.newBank, target.assessmentId].filter((t) => t !== undefined && t !== null && t !== '');
    if (given.length !== 1) throw validation(QTI_TEXT.oneTarget);
    // the target is checked before the package is read: a viewer who may not write there learns nothing more
    if (target.bankId) await this.banks.editable(actor, target.bankId);
    if (target.assessmentId) await this.assessments.manageable(actor, target.assessmentId);
    const read = await readQti(bytes, filename);
    // images are kept with their questions when their name and bytes agree on an image type; others are noted
    const refused = new Map(read.files.map((f) => [f.path, imageRefusal(f)]));
    for (const q of read.questions) {
      for (const path of q.images) if (refused.get(path)) q.notes.push(refused.get(path)!);
      q.images = q.images.filter((path) => !refused.get(path));
    }
    read.files = read.files.filter((f) => !refused.get(f.path));
    const outcome: QtiImportOutcome = { dryRun, read, bankId: null, assessmentId: null };
    if (dryRun) return outcome;
    if (!read.questions.length) throw validation(QTI_TEXT.nothingToImport);
    const inputs = read.questions.map((q) => q.question);
    const paths = read.questions.map((q) => q.images);
    // the bytes go to the store first; the rows that keep them are written with the questions, else they go
    const received = await this.images.receive(read.files);
    try {
      if (target.assessmentId) {
        await this.assessments.banking.appendQuestions(
          actor,
          target.assessmentId,
          inputs.map(({ tags: _tags, ...q }) => q),
          (m, ids) => this.images.record(m, actor, received, 'question', ids, paths),
        );
        outcome.assessmentId = String(target.assessmentId);
        return outcome;
      }
      // a new bank and its questions in one transaction: a refused question leaves no empty bank behind
      outcome.bankId = await this.ds.transaction(async (m) => {
        const bankId = target.bankId
          ? String(target.bankId)
          : (await this.banks.create(actor, { name: target.newBank?.name, subjectId: target.newBank?.subjectId, sharing: 'private' }, m))
              .id;
        const saved = await this.banks.addQuestions(actor, bankId, inputs, m);
        await this.images.record(
          m,
          actor,
          received,
          'bank',
          saved.map((q) => q.id),
          paths,
        );
        return bankId;
      });
      return outcome;
    } catch (err) {
      await this.images.discard(received);
      throw err;
    }
  }

  /** GET /api/question-banks/{id}/qti: the bank's questions, in order, with their tags. */
  async exportBank(actor: Actor, bankId: unknown): Promise<{ filename: string; zip: Buffer }> {
    const bank = await this.banks.readable(actor, bankId);
    const questions = await this.banks.listQuestions(actor, bank.id);
    const images = await this.images.withBytes(
      'bank',
      questions.map((q) => q.id),
    );
    return {
      filename: `${fileStem(bank.name)}-qti.zip`,
      zip: await writeQtiPackage(
        bank.name,
        questions.map((q) => ({ ...neutral(q), images: images.get(q.id) })),
      ),
    };
  }

  /** GET /api/assessments/{id}/qti: the assessment's own questions (its teachers, SuperAdmin, Admin). */
  async exportAssessment(actor: Actor, assessmentId: unknown): Promise<{ filename: string; zip: Buffer }> {
    if (!isId(assessmentId)) throw notFound('Assessment not found');
    const { assessment, course } = await this.assessments.readable(actor, assessmentId);
    authorize(actor, 'assessment.seeKey', { teacherIds: course.teacherIds }, { as: 'notFound', message: 'Assessment not found' });
    const questions = await questionsOf(this.ds, [assessment.id]);
    const images = await this.images.withBytes(
      'question',
      questions.map((q) => q.id),
    );
    return {
      filename: `${fileStem(assessment.title)}-qti.zip`,
      zip: await writeQtiPackage(
        assessment.title,
        questions.map((q) => ({ ...neutral(q), images: images.get(q.id) })),
      ),
    };
  }
}

const fileStem = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'questions';
