#!/usr/bin/env node
// Prints the gzip size of the JavaScript that /login loads initially and fails above the budget.
// "Initially" = the entry chunks (the app's and the early preload module that index.html also loads) and their
// static imports (Vite's manifest), plus the lazily loaded
// login page chunk and its static imports, since /login requests that one at once too.
// Usage: pnpm --filter ./web size   (after `pnpm --filter ./web build`)
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 200;
const LOGIN_PAGE_SRC = 'src/features/auth/LoginPage.tsx';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run the build first (pnpm --filter ./web build).`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Manifest keys reachable from `key` through static imports. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entryKeys = Object.keys(manifest).filter((k) => manifest[k].isEntry);
if (!entryKeys.length) {
  console.error('No entry chunk in the manifest.');
  process.exit(2);
}
const keys = new Set();
for (const key of entryKeys) staticClosure(key, keys);
const entryOnly = new Set(keys);
if (manifest[LOGIN_PAGE_SRC]) staticClosure(LOGIN_PAGE_SRC, keys);
else console.warn(`warning: ${LOGIN_PAGE_SRC} is not a chunk of its own; counting the entry closure only.`);

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

const rows = [];
for (const key of keys) {
  const chunk = manifest[key];
  rows.push({ file: chunk.file, gzip: gz(chunk.file), entry: entryOnly.has(key) });
  for (const css of chunk.css ?? []) rows.push({ file: css, gzip: gz(css), entry: entryOnly.has(key) });
}
rows.sort((a, b) => b.gzip - a.gzip);

const jsTotal = rows.filter((r) => r.file.endsWith('.js')).reduce((s, r) => s + r.gzip, 0);
const entryTotal = rows.filter((r) => r.entry && r.file.endsWith('.js')).reduce((s, r) => s + r.gzip, 0);
const total = rows.reduce((s, r) => s + r.gzip, 0);

console.log('What /login loads initially (gzip -9):');
for (const r of rows) console.log(`  ${kb(r.gzip).padStart(7)} KB  ${r.file}${r.entry ? '' : '  (login page chunk)'}`);
console.log(`  entry + static imports (JS): ${kb(entryTotal)} KB`);
console.log(`  /login initial JS total:     ${kb(jsTotal)} KB (all assets ${kb(total)} KB), budget ${BUDGET_KB} KB`);

if (jsTotal > BUDGET_KB * 1024) {
  console.error(`FAIL: /login initial JS is ${kb(jsTotal)} KB gzip, above the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
console.log('OK: within budget.');
