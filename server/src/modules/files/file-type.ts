import zlib from 'node:zlib';

/**
 * What a file's bytes say it is. The client's declared type and file name are only claims; an upload is
 * accepted only when the claim and the bytes agree (DESIGN.md: the server checks the content).
 */
export type DetectedKind = 'pdf' | 'mp4' | 'webm' | 'ole' | 'docx' | 'pptx' | 'zip' | 'jpeg' | 'png' | 'gif' | 'webp' | 'text' | 'unknown';

/** The canonical MIME types the platform accepts, and the kind of bytes each must have. */
export const MIME_KIND: Record<string, DetectedKind> = {
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'application/vnd.ms-powerpoint': 'ole',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/msword': 'ole',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'text',
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Browsers send a type taken from the extension, or nothing; these fill in when nothing useful was sent. */
const EXTENSION_MIME: Record<string, string> = {
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ppt: 'application/vnd.ms-powerpoint',
  pps: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  text: 'text/plain',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Aliases some systems send for the same types. */
const MIME_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/x-pdf': 'application/pdf',
  'application/mspowerpoint': 'application/vnd.ms-powerpoint',
  'application/powerpoint': 'application/vnd.ms-powerpoint',
  'application/x-mspowerpoint': 'application/vnd.ms-powerpoint',
};

/** Extension for a stored type, used when the original file name has none or another type's (platform.md section 7, download). */
export const MIME_EXTENSION: Record<string, string> = {
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The declared type: the part's Content-Type when it names a type, else the extension's. */
/**
 * The name a file is kept and offered under: one that ends with an extension of its checked type, so a saved
 * download opens as what it was checked to be ('evil.html' accepted as text is kept as 'evil.html.txt').
 */
export function nameForType(name: string, mime: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext && EXTENSION_MIME[ext] === mime) return name;
  const canonical = MIME_EXTENSION[mime];
  return canonical ? [...`${name}.${canonical}`].slice(-255).join('') : name;
}

export function declaredMime(mimetype: string | undefined, filename: string): string | undefined {
  const raw = (mimetype ?? '').split(';')[0].trim().toLowerCase();
  const mime = MIME_ALIASES[raw] ?? raw;
  if (mime && mime !== 'application/octet-stream') return mime;
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  return ext ? EXTENSION_MIME[ext] : undefined;
}

const startsWith = (head: Buffer, bytes: number[], at = 0) => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

/**
 * The kind of a file from its first bytes (`head`) and whether the whole file was valid UTF-8 without NUL
 * bytes (`utf8Text`, computed while streaming because text has no magic number).
 */
export function detectKind(head: Buffer, utf8Text: boolean): DetectedKind {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46])) return 'pdf'; // %PDF
  if (startsWith(head, [0x66, 0x74, 0x79, 0x70], 4)) return 'mp4'; // ....ftyp
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm'; // EBML
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole'; // OLE compound file
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return 'gif'; // GIF87a, GIF89a
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp'; // RIFF....WEBP
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const types = zipEntry(head, '[Content_Types].xml')?.toString('utf8') ?? '';
    if (types.includes('presentationml')) return 'pptx';
    if (types.includes('wordprocessingml')) return 'docx';
    return 'zip';
  }
  if (utf8Text && head.length > 0) return 'text';
  return 'unknown';
}

/**
 * One entry of a zip archive, read from the local file headers at its start. Office writers put
 * [Content_Types].xml first, so the head of the file is enough; a truncated entry inflates as far as it goes.
 */
export function zipEntry(buf: Buffer, wanted: string): Buffer | undefined {
  let at = 0;
  for (let i = 0; i < 64 && at + 30 <= buf.length && buf.readUInt32LE(at) === 0x04034b50; i++) {
    const flags = buf.readUInt16LE(at + 6);
    const method = buf.readUInt16LE(at + 8);
    const compressed = buf.readUInt32LE(at + 18);
    const nameLength = buf.readUInt16LE(at + 26);
    const extraLength = buf.readUInt16LE(at + 28);
    const name = buf.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const dataStart = at + 30 + nameLength + extraLength;
    const sizeKnown = !(flags & 0x08) || compressed > 0;
    const data = buf.subarray(dataStart, sizeKnown ? dataStart + compressed : buf.length);
    if (name === wanted) {
      if (method === 0) return data;
      if (method !== 8) return undefined;
      try {
        return zlib.inflateRawSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: 1 << 20 });
      } catch {
        return undefined;
      }
    }
    if (!sizeKnown) return undefined; // a streamed entry: its end is only known from the central directory
    at = dataStart + compressed;
  }
  return undefined;
}

/** Streams text through a fatal UTF-8 decoder in pieces; a NUL byte also disqualifies it as plain text. */
export class Utf8TextCheck {
  private decoder = new TextDecoder('utf-8', { fatal: true });
  private ok = true;

  push(chunk: Buffer): void {
    if (!this.ok) return;
    if (chunk.includes(0)) {
      this.ok = false;
      return;
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.ok = false;
    }
  }

  /** True when every byte pushed was valid UTF-8 without NULs (and no sequence was cut off at the end). */
  end(): boolean {
    if (!this.ok) return false;
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}
