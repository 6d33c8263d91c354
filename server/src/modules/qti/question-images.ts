import { Readable } from 'node:stream';
import { DataSource, EntityManager } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { isId } from '../../core/ids';
import { Actor } from '../../policies';
import { Role } from '../../core/role';
import type { AssessmentsService } from '../assessments';
import type { QuestionBanksService } from '../question-banks';
import { FilesService, ReceivedFile, checkedType, declaredMime, detectKind, MIME_KIND } from '../files';
import { addImages } from '../assessments';
import { drawnFor, imageOwner, imagesOfQuestions } from './qti.repository';
import { QtiFile } from './qti.types';

/** The types a question image may have; SVG is refused (it can carry scripts and links). */
export const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const IMAGE_TEXT = {
  notFound: 'Image not found',
  refused: (path: string) =>
    `The image ${path} is not kept: only PNG, JPEG, GIF and WebP images are (SVG is refused), and its content must be what its name says`,
} as const;

/** Why a package image cannot be kept (null when it can): its name's type and its bytes must agree on an image type. */
export function imageRefusal(file: QtiFile): string | null {
  const mime = declaredMime(undefined, file.path);
  if (!mime || !(IMAGE_MIMES as readonly string[]).includes(mime)) return IMAGE_TEXT.refused(file.path);
  return MIME_KIND[mime] === detectKind(file.bytes.subarray(0, 64), false) ? null : IMAGE_TEXT.refused(file.path);
}

const baseName = (path: string) => path.split('/').filter(Boolean).slice(-1)[0] ?? path;

/**
 * Question images (issue 30): the images of imported items kept as files (checked by their bytes, stored in the
 * FileStore, recorded in the same transaction as the questions that show them), and their download, authorized
 * like reading the question: a bank's image to whoever reads the bank (never a student or a parent), an
 * assessment question's to whoever reads the item, a student only for a fixed question or one drawn for them.
 */
export class QuestionImagesService {
  constructor(
    private readonly ds: DataSource,
    private readonly files: FilesService,
    private readonly banks: QuestionBanksService,
    private readonly assessments: AssessmentsService,
  ) {}

  /** Puts the bytes of the package's images into the store (before the transaction); each path once. */
  async receive(files: QtiFile[]): Promise<Map<string, ReceivedFile>> {
    const out = new Map<string, ReceivedFile>();
    try {
      for (const f of files) {
        const got = await this.files.receive({ filename: baseName(f.path), stream: Readable.from([f.bytes]) });
        out.set(f.path, got);
        if (!checkedType(got, IMAGE_MIMES)) throw validation(IMAGE_TEXT.refused(f.path)); // imageRefusal filtered these already
      }
    } catch (err) {
      await this.discard(out);
      throw err;
    }
    return out;
  }

  /** Removes received bytes that were not kept (the import failed). */
  async discard(received: Map<string, ReceivedFile>): Promise<void> {
    await Promise.all([...received.values()].map((f) => this.files.discard(f).catch(() => undefined)));
  }

  /**
   * Records the received images in the caller's transaction (one files row per package path, shared by the
   * questions that show it) and gives each question its images: `owners[i]` shows `paths[i]`.
   */
  async record(
    m: EntityManager,
    actor: Actor,
    received: Map<string, ReceivedFile>,
    owner: 'bank' | 'question',
    owners: string[],
    paths: string[][],
  ): Promise<void> {
    const fileIds = new Map<string, string>();
    for (const [path, file] of received) {
      if (paths.some((ps) => ps.includes(path)))
        fileIds.set(path, (await this.files.record(m, file, declaredMime(undefined, file.filename)!, actor.userId)).id);
    }
    await addImages(
      m,
      owner,
      owners.flatMap((ownerId, i) =>
        paths[i].filter((p) => fileIds.has(p)).map((p) => ({ ownerId, fileId: fileIds.get(p)!, name: received.get(p)!.filename })),
      ),
    );
  }

  /** The images of questions with their bytes, for an export: owner id -> images by position. */
  async withBytes(owner: 'bank' | 'question', ids: string[]): Promise<Map<string, Array<{ name: string; bytes: Buffer }>>> {
    const rows = ids.length ? await imagesOfQuestions(this.ds, owner, ids) : [];
    const out = new Map<string, Array<{ name: string; bytes: Buffer }>>();
    for (const r of rows) {
      const chunks: Buffer[] = [];
      for await (const c of await this.files.open(r)) chunks.push(c as Buffer);
      out.set(r.ownerId, [...(out.get(r.ownerId) ?? []), { name: r.name, bytes: Buffer.concat(chunks) }]);
    }
    return out;
  }

  /** GET /question-images/{id}: the bytes, to whoever may read the question that shows the image. */
  async download(actor: Actor, id: unknown) {
    if (!isId(id)) throw notFound(IMAGE_TEXT.notFound);
    const row = await imageOwner(this.ds, id);
    if (!row) throw notFound(IMAGE_TEXT.notFound);
    const denied = () => notFound(IMAGE_TEXT.notFound);
    if (row.bankId)
      await this.banks.readable(actor, row.bankId).catch(() => {
        throw denied();
      });
    else {
      await this.assessments.readable(actor, row.assessmentId).catch(() => {
        throw denied();
      });
      if (actor.activeRole === Role.Student && row.drawId && !(await drawnFor(this.ds, row.questionId, actor.userId))) throw denied();
    }
    const file = await this.files.stored(this.ds, row.fileId);
    if (!file) throw denied();
    return { stream: await this.files.open(file), fileName: row.name, mime: file.mime, size: Number(file.size) };
  }
}
