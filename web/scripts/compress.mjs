#!/usr/bin/env node
// After `vite build`: a brotli and a gzip copy beside every text asset in dist/assets, so the server sends
// the smallest one the browser accepts with no compression work per request (server/src/app/web-client.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'dist', 'assets');
const TEXT = /\.(js|css|svg|json|html|txt|map)$/;
let before = 0;
let after = 0;
for (const name of fs.readdirSync(dir)) {
  if (!TEXT.test(name)) continue;
  const file = path.join(dir, name);
  const bytes = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  const gz = zlib.gzipSync(bytes, { level: 9 });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  before += bytes.length;
  after += br.length;
}
console.log(`compressed assets: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`);
