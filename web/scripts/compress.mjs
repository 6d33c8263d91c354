#!/usr/bin/env node
// After `vite build`: a brotli and a gzip copy beside every text asset in dist/assets, so the server sends
// the smallest one the browser accepts with no compression work per request (server/src/app/web-client.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'dist');
// the app's files and the GraphQL explorer's (its own build, web/vite.explorer.config.ts)
const dirs = [path.join(dist, 'assets'), path.join(dist, 'explorer', 'assets')].filter((d) => fs.existsSync(d));
const TEXT = /\.(js|css|svg|json|html|txt|map)$/;
let before = 0;
let after = 0;
for (const file of dirs.flatMap((dir) => fs.readdirSync(dir).map((name) => path.join(dir, name)))) {
  if (!TEXT.test(file)) continue;
  const bytes = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gz = zlib.gzipSync(bytes, { level: 9 });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  before += bytes.length;
  after += br.length;
}
console.log(`compressed assets: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`);
