import Papa from 'papaparse';
import yauzl from 'yauzl';
import { OneRosterError } from './oneroster.errors';

/**
 * Reading an untrusted OneRoster CSV zip (DESIGN "Imported files are untrusted"): entries are read one at a
 * time from the file on disk (never the whole zip in memory), only plain names at the root are taken, each
 * entry's size is bounded (declared and counted), and each CSV streams row by row to the caller.
 */

export const ZIP_LIMITS = { entries: 64, entryBytes: 512 * 1024 * 1024, totalBytes: 2 * 1024 * 1024 * 1024 } as const;

/** One row of one file: the 1-based physical line it starts on (the header is line 1) and its cells by column name. */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

export const ZIP_TEXT = {
  notZip: 'The file is not a zip archive',
  unsafeName: (name: string) => `The zip holds "${name}": only files at its root with plain names are taken (no folders, no ..)`,
  tooMany: `The zip holds more than ${ZIP_LIMITS.entries} entries`,
  tooLarge: (name: string) => `${name} is larger than ${ZIP_LIMITS.entryBytes / 1024 / 1024} MB`,
  noHeader: (name: string) => `${name} has no header row`,
} as const;

const refuse = (message: string) => new OneRosterError(400, 'invaliddata', message);
const LINE_BREAK = /\r\n|\r|\n/g;
const SAFE_NAME = /^[A-Za-z][A-Za-z0-9_-]*\.csv$/;

/** Every entry of the zip at `path`, in order, handed to `onFile` as a row stream; `wanted` decides which to read. */
export async function readZip(
  path: string,
  wanted: (name: string) => boolean,
  onRow: (name: string, row: CsvRow) => void,
  onHeader: (name: string, header: string[]) => void,
): Promise<string[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: true, validateEntrySizes: true, decodeStrings: true }, (err, z) =>
      err ? reject(refuse(ZIP_TEXT.notZip)) : resolve(z!),
    ),
  );
  const names: string[] = [];
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (err: Error) => reject(err instanceof OneRosterError ? err : refuse(`${ZIP_TEXT.notZip}: ${err.message}`)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (name.endsWith('/')) return reject(refuse(ZIP_TEXT.unsafeName(name)));
        if (!SAFE_NAME.test(name)) return reject(refuse(ZIP_TEXT.unsafeName(name)));
        if (names.length >= ZIP_LIMITS.entries) return reject(refuse(ZIP_TEXT.tooMany));
        if (entry.uncompressedSize > ZIP_LIMITS.entryBytes) return reject(refuse(ZIP_TEXT.tooLarge(name)));
        total += entry.uncompressedSize;
        if (total > ZIP_LIMITS.totalBytes) return reject(refuse(ZIP_TEXT.tooLarge('The zip')));
        names.push(name);
        if (!wanted(name)) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(refuse(`${name} cannot be read: ${err?.message ?? ''}`));
          readCsv(name, stream, onRow, onHeader).then(() => zip.readEntry(), reject);
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return names;
}

/** Streams one CSV (RFC 4180, UTF-8 with or without a byte order mark) row by row. */
function readCsv(
  name: string,
  input: NodeJS.ReadableStream,
  onRow: (name: string, row: CsvRow) => void,
  onHeader: (name: string, header: string[]) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let header: string[] | null = null;
    // the physical line the next record starts on: a quoted cell may span lines, and blank lines count too
    let next = 1;
    let bytes = 0;
    const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: false });
    input.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > ZIP_LIMITS.entryBytes) input.emit('error', refuse(ZIP_TEXT.tooLarge(name)));
    });
    input.on('error', (err: Error) => reject(err instanceof OneRosterError ? err : refuse(`${name} cannot be read: ${err.message}`)));
    parser.on('data', (cells: string[]) => {
      const line = next;
      next += 1 + cells.reduce((n, c) => n + (c.match(LINE_BREAK)?.length ?? 0), 0);
      if (cells.every((c) => !c.trim())) return;
      if (!header) {
        header = cells.map((c, i) => (i === 0 ? c.replace(/^\uFEFF/, '') : c).trim());
        onHeader(name, header);
        return;
      }
      onRow(name, { line, cells: Object.fromEntries(header.map((h, i) => [h, (cells[i] ?? '').trim()])) });
    });
    parser.on('end', () => (header ? resolve() : reject(refuse(ZIP_TEXT.noHeader(name)))));
    parser.on('error', (err: Error) => reject(refuse(`${name}: ${err.message}`)));
    input.pipe(parser);
  });
}
