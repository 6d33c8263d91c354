import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DomainError } from '../../errors/domain-error';
import { loadConfig } from '../../config';
import { LocalFileStore } from './file-store';
import { S3FileStore } from './s3-file-store';
import { declaredMime, detectKind, zipEntry, Utf8TextCheck } from './file-type';
import { FilesService, MAX_FILE_BYTES, cleanFileName, createFileStore } from './files.service';
import { contentDisposition } from './files.http';
import { officeContentTypes, tinyPdf, tinyPng, tinyZip } from './demo-files';

/** The file store, the content checks by bytes, and the download header: the pieces uploads are built on. */
let root: string;
let files: FilesService;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-store-'));
  files = new FilesService(new LocalFileStore(root));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const listed = () => fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

function* chunks(total: number, size = 1024 * 1024): Generator<Buffer> {
  const block = Buffer.alloc(size, 0x41);
  for (let left = total; left > 0; left -= size) yield left >= size ? block : block.subarray(0, left);
}

describe('detectKind by magic numbers', () => {
  const head = (hex: string) => Buffer.concat([Buffer.from(hex, 'hex'), Buffer.alloc(32)]);
  it.each([
    ['pdf', tinyPdf(['x'])],
    ['png', tinyPng(2, 2)],
    ['jpeg', head('ffd8ffe000104a46')],
    ['mp4', head('000000206674797069736f6d')],
    ['webm', head('1a45dfa39f4286810142f7')],
    ['ole', head('d0cf11e0a1b11ae1')],
    ['gif', head('474946383961')],
    ['webp', head('52494646240000005745425056503820')],
    ['docx', tinyZip([{ name: '[Content_Types].xml', data: officeContentTypes('word'), deflate: true }])],
    [
      'pptx',
      tinyZip([
        { name: '_rels/.rels', data: '<r/>' },
        { name: '[Content_Types].xml', data: officeContentTypes('presentation') },
      ]),
    ],
    ['zip', tinyZip([{ name: 'readme.txt', data: 'not office' }])],
  ])('%s', (kind, bytes) => {
    expect(detectKind(bytes, false)).toBe(kind);
  });

  it('text is valid UTF-8 without NUL bytes, checked across chunk boundaries', () => {
    const check = new Utf8TextCheck();
    const euro = Buffer.from('€', 'utf8'); // three bytes, split over two pushes
    check.push(Buffer.concat([Buffer.from('price: '), euro.subarray(0, 2)]));
    check.push(euro.subarray(2));
    expect(check.end()).toBe(true);
    expect(detectKind(Buffer.from('hello'), true)).toBe('text');
    const nul = new Utf8TextCheck();
    nul.push(Buffer.from([0x61, 0x00]));
    expect(nul.end()).toBe(false);
    const bad = new Utf8TextCheck();
    bad.push(Buffer.from([0xc3, 0x28]));
    expect(bad.end()).toBe(false);
    const cut = new Utf8TextCheck();
    cut.push(euro.subarray(0, 2));
    expect(cut.end()).toBe(false);
    expect(detectKind(Buffer.alloc(0), true)).toBe('unknown');
  });

  it('reads a truncated deflated entry as far as it goes', () => {
    const zip = tinyZip([{ name: '[Content_Types].xml', data: officeContentTypes('word'), deflate: true }]);
    expect(zipEntry(zip.subarray(0, zip.length - 60), '[Content_Types].xml')?.toString()).toContain('<Types');
  });
});

describe('declared type', () => {
  it('takes the part header, normalised, else the extension', () => {
    expect(declaredMime('Image/JPG; charset=binary', 'a.bin')).toBe('image/jpeg');
    expect(declaredMime('application/octet-stream', 'Slides.PPTX')).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    expect(declaredMime(undefined, 'noext')).toBeUndefined();
  });

  it('keeps only the base name of an uploaded file name', () => {
    expect(cleanFileName('C:\\fakepath\\report.pdf')).toBe('report.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\nc.txt')).toBe('abc.txt');
    expect(cleanFileName('')).toBe('file');
  });
});

describe('Content-Disposition', () => {
  it('is an attachment with an ASCII fallback and an RFC 5987 name', () => {
    expect(contentDisposition('Über "notes";.pdf', 'application/pdf')).toBe(
      `attachment; filename="_ber _notes__.pdf"; filename*=UTF-8''%C3%9Cber%20%22notes%22%3B.pdf`,
    );
    expect(contentDisposition("it's (1)*", 'text/plain')).toBe(
      `attachment; filename="it's (1)*.txt"; filename*=UTF-8''it%27s%20%281%29%2A.txt`,
    );
    expect(contentDisposition('line\r\nbreak.pdf', 'application/pdf')).not.toMatch(/[\r\n]/);
  });
});

describe('LocalFileStore', () => {
  it('puts, reports size and SHA-256, gets and deletes under server-generated names', async () => {
    const bytes = Buffer.from('hello world');
    const put = await files.store.put(Readable.from([bytes]));
    expect(put).toEqual({
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      size: 11,
      sha256: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
    });
    const back: Buffer[] = [];
    for await (const c of await files.store.get(put.key)) back.push(c as Buffer);
    expect(Buffer.concat(back).equals(bytes)).toBe(true);
    await files.store.delete(put.key);
    expect(await files.store.exists(put.key)).toBe(false);
    await expect(files.store.get(put.key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(files.open({ storageKey: put.key })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(files.store.get('../../etc/passwd')).rejects.toThrow('Invalid file key');
  });

  it('a source that fails midway leaves no file', async () => {
    const failing = new Readable({ read() {} });
    const put = files.store.put(failing);
    failing.push(Buffer.alloc(1000));
    failing.destroy(new Error('client went away'));
    await expect(put).rejects.toThrow('client went away');
    expect(listed()).toHaveLength(0);
  });
});

describe('receive', () => {
  it('streams exactly 50MB in; one byte more is refused with nothing left behind', async () => {
    const ok = await files.receive({ filename: 'max.txt', mimetype: 'text/plain', stream: Readable.from(chunks(MAX_FILE_BYTES)) });
    expect([ok.size, ok.kind, ok.declaredMime]).toEqual([MAX_FILE_BYTES, 'text', 'text/plain']);
    await files.discard(ok);
    const tooBig = files.receive({ filename: 'big.txt', mimetype: 'text/plain', stream: Readable.from(chunks(MAX_FILE_BYTES + 1)) });
    await expect(tooBig).rejects.toEqual(new DomainError('PAYLOAD_TOO_LARGE', 'File is too large. The maximum size is 50MB.'));
    expect(listed()).toHaveLength(0);
  }, 30_000);

  it("maps a parser's own 413 to the same refusal", async () => {
    const source = new Readable({ read() {} });
    const got = files.receive({ filename: 'x.pdf', stream: source });
    source.destroy(Object.assign(new Error('File truncated as it exceeds the 52428800 byte size limit.'), { status: 413 }));
    await expect(got).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'File is too large. The maximum size is 50MB.' });
    expect(listed()).toHaveLength(0);
  });
});

describe('configuration', () => {
  it('uses local disk by default and S3 when all four S3 settings are present', () => {
    expect(createFileStore(loadConfig({ FILE_DIR: root }))).toBeInstanceOf(LocalFileStore);
    expect(createFileStore(loadConfig({ FILE_DIR: root, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'b' }))).toBeInstanceOf(
      LocalFileStore,
    );
    const config = loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'lms', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' });
    expect(config.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'lms',
      accessKeyId: 'k',
      secretAccessKey: 's',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(createFileStore(config)).toBeInstanceOf(S3FileStore);
  });
});
