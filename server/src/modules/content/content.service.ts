import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { Actor, authorize } from '../../policies';
import { FilesService, IncomingFile, ReceivedFile, checkedType } from '../files';
import { copyContent } from '../courses';
import { ModulesService, ReadableModule } from '../course-modules';
import { Content } from './content.entity';
import {
  contentById,
  contentByIdOrFail,
  contentsOfModules,
  deleteContent,
  holdForContentCopy,
  reusableContents,
  saveContent,
  updateContent,
} from './content.repository';
import { ALLOWED_MIME, CONTENT_TEXT as T, UploadInput, validateContentEdit, validateUpload } from './content.validation';

const isReceived = (f: IncomingFile | ReceivedFile): f is ReceivedFile => 'key' in f;

/** What a download needs: the bytes and how to name them. */
export interface Download {
  stream: Readable;
  fileName: string;
  mime: string;
  size: number;
}

/**
 * Content items: files in modules. Uploaded and changed by the course's teachers; read and downloaded by
 * whoever reads the module, hidden items (or items of hidden modules) only by those who see hidden.
 */
export class ContentService {
  constructor(
    private readonly ds: DataSource,
    private readonly modules: ModulesService,
    private readonly files: FilesService,
  ) {}

  /** A content item the actor may read, with its module; three statements. */
  async readable(actor: Actor, id: unknown): Promise<{ content: Content; module: ReadableModule }> {
    const contentId = assertId(id, T.notFound);
    const content = await contentById(this.ds, contentId);
    if (!content) throw notFound(T.notFound);
    const module = await this.modules.readable(actor, content.moduleId).catch((err) => {
      throw err?.code === 'NOT_FOUND' ? notFound(T.notFound) : err;
    });
    authorize(actor, 'course.readItem', { course: module.course, visible: content.isVisible }, { as: 'notFound', message: T.notFound });
    return { content, module };
  }

  private async manageable(actor: Actor, id: unknown) {
    const found = await this.readable(actor, id);
    authorize(actor, 'course.manage', found.module.course, { message: T.cannotManage });
    return found;
  }

  /** GET /content/module/{moduleId}: students get visible items of visible modules only (filtered in SQL). */
  async listForModule(actor: Actor, moduleId: string): Promise<Content[]> {
    const { module } = await this.modules.readable(actor, moduleId);
    return contentsOfModules(this.ds, actor, [module.id]);
  }

  async get(actor: Actor, id: string): Promise<Content> {
    return (await this.readable(actor, id)).content;
  }

  /** Only teachers send files at all; checked before a REST upload is read (the course is checked after). */
  assertMayUpload(actor: Actor): void {
    authorize(actor, 'content.uploadAny', undefined, { message: T.cannotUpload });
  }

  /**
   * POST /content and uploadContent: the one upload path of both transports. A stream is checked for its
   * module first and then received; a file the REST parser already received is checked the same way.
   * Whatever fails (fields, rights, size, type), no row is written and no bytes stay in the store.
   */
  async upload(actor: Actor, input: UploadInput, file: IncomingFile | ReceivedFile | null | undefined): Promise<Content> {
    let received = file && isReceived(file) ? file : undefined;
    try {
      if (!file) throw validation(T.fileRequired, 'file');
      this.assertMayUpload(actor);
      const fields = validateUpload(input);
      const { module } = await this.modules.manageable(actor, fields.moduleId);
      received ??= await this.files.receive(file as IncomingFile);
      const mime = checkedType(received, ALLOWED_MIME[fields.contentType]);
      if (!mime) throw validation(T.invalidType(fields.contentType), 'contentType');
      const got = received;
      const content = await this.ds.transaction(async (m) => {
        const stored = await this.files.record(m, got, mime, actor.userId);
        const row = await saveContent(
          m,
          m.create(Content, {
            moduleId: module.id,
            title: (fields.title ?? got.filename).slice(0, 200),
            description: fields.description,
            contentType: fields.contentType,
            fileId: stored.id,
            fileName: got.filename,
            fileSize: got.size,
            mimeType: mime,
            isVisible: fields.isVisible,
            createdById: actor.userId,
          }),
        );
        return contentByIdOrFail(m, row.id);
      });
      received = undefined; // kept
      return content;
    } finally {
      if (received) await this.files.discard(received);
    }
  }

  /** PUT /content/{id}: title, description, type (the file must suit the new type), visibility. */
  async update(actor: Actor, id: string, input: UploadInput & { version?: unknown }): Promise<Content> {
    const { content } = await this.manageable(actor, id);
    const { set, version } = validateContentEdit(input);
    if (set.contentType && !ALLOWED_MIME[set.contentType].includes(content.mimeType))
      throw validation(T.invalidType(set.contentType), 'contentType');
    return this.ds.transaction((m) => updateContent(m, content.id, set, version));
  }

  /** DELETE /content/{id}: the row only; the file-cleanup job removes the file once no copy uses it. */
  async delete(actor: Actor, id: string): Promise<void> {
    const { content } = await this.manageable(actor, id);
    await deleteContent(this.ds, content.id);
  }

  /** GET /content/download/{id}: the bytes with their name and type. */
  async download(actor: Actor, id: string): Promise<Download> {
    const { content } = await this.readable(actor, id);
    const file = await this.files.stored(this.ds, content.fileId);
    if (!file) throw notFound(T.notFound);
    return { stream: await this.files.open(file), fileName: content.fileName, mime: content.mimeType, size: file.size };
  }

  /**
   * GET /content/reuse/available/{moduleId}: content of the teacher's modules, the target's own included
   * (DESIGN: reuse lists include the current course's items); the target module must be theirs.
   */
  async reusable(actor: Actor, moduleId: string): Promise<Content[]> {
    await this.modules.manageable(actor, moduleId);
    return reusableContents(this.ds.manager, actor.userId);
  }

  /** POST /content/reuse/clone/{contentId} {newModuleId}: a copy in one of your modules, sharing the stored file. */
  async clone(actor: Actor, contentId: unknown, newModuleId: unknown): Promise<Content> {
    if (contentId === undefined || contentId === null || contentId === '') throw validation(T.selectContent);
    if (newModuleId === undefined || newModuleId === null || newModuleId === '') throw validation(T.moduleRequired);
    const { content } = await this.manageable(actor, contentId);
    const target = await this.modules.manageable(actor, newModuleId);
    const newId = crypto.randomUUID();
    return this.ds.transaction(async (m) => {
      await holdForContentCopy(m, content.id, target.module.id);
      await copyContent(m, content.id, newId, target.module.id, actor.userId);
      return contentByIdOrFail(m, newId);
    });
  }
}
