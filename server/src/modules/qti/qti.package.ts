import { posix } from 'node:path';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { DomainError, validation } from '../../errors/domain-error';
import { MAX_FILE_BYTES } from '../files';

/**
 * The zip of an untrusted QTI content package, read from memory (the upload is bounded before it gets here):
 * every entry name is checked (no absolute path, no `..`, no backslash or control character), the number of
 * entries, the declared and the counted size of each entry and of all of them together are bounded, and an
 * entry is only decompressed when the importer asks for it.
 */

export const QTI_LIMITS = {
  packageBytes: MAX_FILE_BYTES,
  entries: 3000,
  items: 1000,
  xmlBytes: 2 * 1024 * 1024,
  entryBytes: 20 * 1024 * 1024,
  totalBytes: 200 * 1024 * 1024,
} as const;

export const PACKAGE_TEXT = {
  tooLarge: `The package is too large. The maximum size is ${QTI_LIMITS.packageBytes / 1024 / 1024}MB.`,
  notZip: 'The file is neither a QTI content package (zip) nor a QTI item (XML)',
  unsafeName: (name: string) =>
    `The package holds "${name}": entry names must be relative paths inside the package (no /, \\ or .. at their start or in between)`,
  tooManyEntries: `The package holds more than ${QTI_LIMITS.entries} files`,
  entryTooLarge: (name: string) => `${name} is too large once decompressed`,
  totalTooLarge: `The package is larger than ${QTI_LIMITS.totalBytes / 1024 / 1024}MB once decompressed`,
  unreadable: (name: string) => `${name} cannot be read from the package`,
} as const;

const tooLarge = (message: string) => new DomainError('PAYLOAD_TOO_LARGE', message);

/** A package path as written in the zip: relative, forward slashes, no `.`/`..` segments, no control characters. */
export function safeEntryName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!name || name.length > 1024 || /[\u0000-\u001f\u007f\\:]/.test(name) || name.startsWith('/')) return false;
  return name.split('/').every((seg, i, all) => (seg !== '' || i === all.length - 1) && seg !== '.' && seg !== '..');
}

/** A path an item refers to (`images/a.png`, `../shared/a.png`), as a package path; null when it leaves the package. */
export function resolveHref(from: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/') || href.startsWith('#')) return null;
  let path: string;
  try {
    path = posix.normalize(posix.join(posix.dirname(from), decodeURI(href.split(/[?#]/)[0])));
  } catch {
    return null;
  }
  return path.startsWith('../') || path === '..' || !safeEntryName(path) ? null : path;
}

export interface OpenPackage {
  /** Every file's path (folders left out), in zip order. */
  names: string[];
  has(name: string): boolean;
  /** The bytes of one file, at most `limit` of them (else PAYLOAD_TOO_LARGE). */
  read(name: string, limit?: number): Promise<Buffer>;
  close(): void;
}

export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** Opens a zip held in memory; refuses unsafe names and too many or too large entries before reading any. */
export async function openPackage(bytes: Buffer): Promise<OpenPackage> {
  if (bytes.length > QTI_LIMITS.packageBytes) throw tooLarge(PACKAGE_TEXT.tooLarge);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true }, (err, z) =>
      err || !z ? reject(validation(PACKAGE_TEXT.notZip)) : resolve(z),
    ),
  );
  const entries = new Map<string, yauzl.Entry>();
  let total = 0;
  let count = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (err: Error) => {
        // yauzl itself refuses an absolute path or a `..` segment before we see the entry
        const unsafe = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(err.message);
        reject(
          err instanceof DomainError
            ? err
            : validation(unsafe ? PACKAGE_TEXT.unsafeName(unsafe[2]) : `${PACKAGE_TEXT.notZip}: ${err.message}`),
        );
      });
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (!safeEntryName(name)) return reject(validation(PACKAGE_TEXT.unsafeName(name)));
        if (++count > QTI_LIMITS.entries) return reject(validation(PACKAGE_TEXT.tooManyEntries));
        if (!name.endsWith('/')) {
          if (entry.uncompressedSize > QTI_LIMITS.entryBytes) return reject(tooLarge(PACKAGE_TEXT.entryTooLarge(name)));
          total += entry.uncompressedSize;
          if (total > QTI_LIMITS.totalBytes) return reject(tooLarge(PACKAGE_TEXT.totalTooLarge));
          entries.set(name, entry);
        }
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (err) {
    zip.close();
    throw err;
  }
  return {
    names: [...entries.keys()],
    has: (name) => entries.has(name),
    read: (name, limit = QTI_LIMITS.entryBytes) =>
      new Promise<Buffer>((resolve, reject) => {
        const entry = entries.get(name);
        if (!entry) return reject(validation(PACKAGE_TEXT.unreadable(name)));
        if (entry.uncompressedSize > limit) return reject(tooLarge(PACKAGE_TEXT.entryTooLarge(name)));
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(validation(PACKAGE_TEXT.unreadable(name)));
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > limit) stream.destroy(tooLarge(PACKAGE_TEXT.entryTooLarge(name)));
            else chunks.push(chunk);
          });
          stream.on('error', (e: Error) => reject(e instanceof DomainError ? e : validation(PACKAGE_TEXT.unreadable(name))));
          stream.on('end', () => resolve(Buffer.concat(chunks)));
        });
      }),
    close: () => zip.close(),
  };
}

/** A zip of the given files (path -> bytes or text), in the given order. */
export function writeZip(files: Array<[string, Buffer | string]>, compress = true): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of files) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), name, { compress });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
