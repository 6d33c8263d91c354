import { normalizeLine } from '../../core/input';
import { Readable, Transform } from 'node:stream';
import { DataSource, EntityManager } from 'typeorm';
import { Config, loadConfig } from '../../config';
import { DomainError, notFound } from '../../errors/domain-error';
import { FileStore, LocalFileStore } from './file-store';
import { S3FileStore } from './s3-file-store';
import { DetectedKind, MIME_KIND, Utf8TextCheck, declaredMime, detectKind, nameForType } from './file-type';
import { saveStoredFile, storedFileById } from './files.repository';
import { StoredFile } from './stored-file.entity';

export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** Files in one request: a submission carries one per long answer (both transports); more is refused before any is stored. */
export const MAX_UPLOAD_FILES = 10;
/** Bytes of all files of one request together: a submit of ten 50 MB files would hold a worker for minutes. */
export const MAX_REQUEST_FILE_BYTES = 100 * 1024 * 1024;
/** Enough of the start of a file for every magic number and an Office [Content_Types].xml. */
const HEAD_BYTES = 256 * 1024;

export const FILE_TEXT = {
  tooLarge: 'File is too large. The maximum size is 50MB.',
  tooLargeTogether: 'The files are too large together. At most 100MB can be sent at once.',
  tooMany: (max: number) => `Too many files. At most ${max} can be sent at once.`,
  notFound: 'File not found',
} as const;

/** An upload on its way in, from either transport. */
export interface IncomingFile {
  filename: string;
  mimetype?: string;
  stream: Readable;
}

/** An upload whose bytes are in the store but not yet recorded: record it or discard it. */
export interface ReceivedFile {
  key: string;
  size: number;
  sha256: string;
  filename: string;
  /** The type the client claimed (part header, else the extension); undefined when it claimed none. */
  declaredMime?: string;
  /** What the bytes are. */
  kind: DetectedKind;
}

export function createFileStore(config: Config): FileStore {
  return config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(config.fileDir);
}

let appStore: FileStore | undefined;

/**
 * The demo seeder runs with only a database transaction in hand. It stores its files in the store of the
 * app created in this process (tests create the app first), else in the store the environment configures
 * (`main` and `pnpm seed` seed before the app exists, from the same configuration).
 */
export function seedingFileStore(): FileStore {
  return appStore ?? createFileStore(loadConfig());
}

/**
 * A file name safe to keep and show: no folders, no control characters, no invisible or bidi-override
 * characters (which can make 'invoice\u202Efdp.exe' read as 'invoiceexe.pdf'), at most 255 characters.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = [...normalizeLine(base.replace(/[\u0000-\u001f\u007f-\u009f]/g, ''))].slice(-255).join('');
  return clean || 'file';
}

/** What the files of one request may still hold together (MAX_REQUEST_FILE_BYTES), shared by its uploads. */
export interface RequestBudget {
  left: number;
}

export const requestBudget = (): RequestBudget => ({ left: MAX_REQUEST_FILE_BYTES });

/** Looks at the bytes as they stream to the store: size limit, the head for magic numbers, UTF-8 text check. */
class Inspector extends Transform {
  size = 0;
  private headParts: Buffer[] = [];
  private headSize = 0;
  readonly text = new Utf8TextCheck();

  constructor(
    private readonly limit: number,
    private readonly budget?: RequestBudget,
  ) {
    super();
  }

  _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void) {
    this.size += chunk.length;
    if (this.size > this.limit) return done(new DomainError('PAYLOAD_TOO_LARGE', FILE_TEXT.tooLarge));
    if (this.budget && (this.budget.left -= chunk.length) < 0)
      return done(new DomainError('PAYLOAD_TOO_LARGE', FILE_TEXT.tooLargeTogether));
    if (this.headSize < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headSize);
      this.headParts.push(Buffer.from(part));
      this.headSize += part.length;
    }
    this.text.push(chunk);
    done(null, chunk);
  }

  head(): Buffer {
    return Buffer.concat(this.headParts);
  }
}

/** The upload parsers report an oversize file with status 413; anything else is passed on as it is. */
export function asDomainError(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  const status = (err as { status?: number })?.status;
  if (status === 413) return new DomainError('PAYLOAD_TOO_LARGE', FILE_TEXT.tooLarge);
  return err;
}

/**
 * The checked type of received bytes, or null when refused: the declared type (the part's, else the extension's)
 * must be one of `allowed` and be what the bytes are. The name it is kept under then ends with an extension of
 * that type (nameForType). Every upload path checks with this one function.
 */
export function checkedType(file: ReceivedFile, allowed: readonly string[]): string | null {
  const mime = file.declaredMime;
  if (!mime || !allowed.includes(mime) || MIME_KIND[mime] !== file.kind) return null;
  file.filename = nameForType(file.filename, mime);
  return mime;
}

/** Bytes in the FileStore and their metadata rows; the domains decide who may see which file. */
export class FilesService {
  constructor(readonly store: FileStore) {
    appStore = store;
  }

  /** Streams an upload into the store (never whole in memory). Oversize or broken uploads leave nothing. */
  async receive(file: IncomingFile, limit = MAX_FILE_BYTES, budget?: RequestBudget): Promise<ReceivedFile> {
    const inspector = new Inspector(limit, budget);
    // errors before the store's pipeline listens must not go unhandled; the pipeline reports them
    inspector.on('error', () => undefined);
    file.stream.on('error', (err) => inspector.destroy(asDomainError(err) as Error));
    try {
      const put = await this.store.put(file.stream.pipe(inspector));
      return {
        ...put,
        filename: cleanFileName(file.filename),
        declaredMime: declaredMime(file.mimetype, file.filename),
        kind: detectKind(inspector.head(), inspector.text.end()),
      };
    } catch (err) {
      file.stream.resume(); // drain what is left so the request can finish
      throw asDomainError(err);
    }
  }

  /** Removes bytes that were received but not kept (a failed check after the upload). */
  async discard(file: ReceivedFile): Promise<void> {
    await this.store.delete(file.key);
  }

  /**
   * The metadata row for received bytes, written in the caller's transaction together with the row that
   * references it by foreign key: a committed files row nothing references is swept (jobs/file-cleanup.ts).
   */
  record(m: EntityManager, file: ReceivedFile, mime: string, ownerId: string): Promise<StoredFile> {
    return saveStoredFile(
      m,
      m.create(StoredFile, {
        storageKey: file.key,
        originalName: file.filename,
        size: file.size,
        mime,
        sha256: file.sha256,
        ownerId,
      }),
    );
  }

  /** A file's metadata row (its name, type, size, where its bytes are), or null; the caller has decided who may read it. */
  stored(ds: DataSource | EntityManager, id: string): Promise<StoredFile | null> {
    return storedFileById(ds, id);
  }

  /** A stream of a file's bytes. */
  async open(file: { storageKey: string }): Promise<Readable> {
    try {
      return await this.store.get(file.storageKey);
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') throw notFound(FILE_TEXT.notFound);
      throw err;
    }
  }
}
