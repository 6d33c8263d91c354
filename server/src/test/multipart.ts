import crypto from 'node:crypto';

/** A text field or a file of a multipart/form-data body; file data may be a stream of chunks. */
export type Part =
  { name: string; value: string } | { name: string; filename: string; contentType?: string; data: Buffer | (() => AsyncIterable<Buffer>) };

/** Streams a multipart body (chunked), so a test can send 50MB without holding it in memory. */
export async function postMultipart(
  url: string,
  parts: Part[],
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const boundary = `----lms${crypto.randomBytes(8).toString('hex')}`;
  async function* body(): AsyncGenerator<Buffer> {
    for (const p of parts) {
      if ('value' in p) {
        yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`);
        continue;
      }
      const type = p.contentType ? `Content-Type: ${p.contentType}\r\n` : '';
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n${type}\r\n`);
      if (Buffer.isBuffer(p.data)) yield p.data;
      else for await (const chunk of p.data()) yield chunk;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
    body: ReadableStream.from(body()) as unknown as RequestInit['body'],
    duplex: 'half',
  } as RequestInit);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

/** `size` bytes starting with `head`, produced 1MB at a time from one reused buffer. */
export function generatedBytes(size: number, head: Buffer = Buffer.from('%PDF-1.4\n')): () => AsyncIterable<Buffer> {
  return async function* () {
    const block = Buffer.alloc(1024 * 1024, 0x20);
    yield head;
    let left = size - head.length;
    while (left > 0) {
      const n = Math.min(left, block.length);
      yield n === block.length ? block : block.subarray(0, n);
      left -= n;
    }
  };
}

/** A GraphQL multipart request (the graphql-multipart-request spec) with one file at variables.file, or at `at`. */
export function gqlUploadParts(
  query: string,
  variables: Record<string, unknown>,
  file: Extract<Part, { filename: string }> | null,
  at = 'variables.file',
): Part[] {
  const operations = JSON.stringify({ query, variables: at === 'variables.file' ? { ...variables, file: null } : variables });
  if (!file)
    return [
      { name: 'operations', value: JSON.stringify({ query, variables }) },
      { name: 'map', value: '{}' },
    ];
  return [
    { name: 'operations', value: operations },
    { name: 'map', value: JSON.stringify({ 0: [at] }) },
    { ...file, name: '0' },
  ];
}
