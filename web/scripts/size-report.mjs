#!/usr/bin/env node
// Prints the gzip size of the JavaScript that /login loads initially and fails above the budget.
// "Initially" = the entry chunks (the app's and the early preload module that index.html also loads) and their
// static imports (Vite's manifest), plus the lazily loaded
// login page chunk and its static imports, since /login requests that one at once too.
// Usage: pnpm --filter ./web size   (after `pnpm --filter ./web build`)
// The functions are exported for the benchmark's per-route sizes (bench/src/web.mjs).
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTE_CHUNKS_ID, ROUTE_MODULES } from './route-modules.mjs';

const BUDGET_KB = 200;
const LOGIN_PAGE_SRC = 'src/features/auth/LoginPage.tsx';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const dist = join(root, 'dist');

/** Vite's manifest of the build in `dist`, or undefined before the first build. */
export function readManifest() {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  return existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : undefined;
}

/** Manifest keys reachable from `key` through static imports. */
export function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

/** The files index.html's data block names for the shell and the landing pages (vite.config.ts routeChunks). */
function routeChunkFiles() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const block = new RegExp(`<script type="application/json" id="${ROUTE_CHUNKS_ID}">([^<]*)</script>`).exec(html);
  return block ? JSON.parse(block[1]) : {};
}

/**
 * The manifest keys a page's code starts from: its own chunk, or, for the shell and the landing pages (which
 * ride inside their group's file), the files index.html names for it. Empty when the build has neither.
 */
export function pageKeys(manifest, src) {
  if (manifest[src]) return [src];
  const name = Object.keys(ROUTE_MODULES).find((n) => ROUTE_MODULES[n] === src);
  const files = name ? (routeChunkFiles()[name] ?? []) : [];
  return files.map((f) => Object.keys(manifest).find((k) => f.endsWith(`/${manifest[k].file}`))).filter(Boolean);
}

/** The entry chunks' keys: what index.html loads. */
export const entryKeys = (manifest) => Object.keys(manifest).filter((k) => manifest[k].isEntry);

/** Bytes of a file of `dist` after gzip -9. */
export const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** The files (each chunk's JS and its CSS) of manifest `keys`, with their gzip size. */
export const assetsOf = (manifest, keys) =>
  [...keys].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])].map((file) => ({ key, file, gzip: gz(file) })));

function main() {
  const manifest = readManifest();
  if (!manifest) {
    console.error(`No manifest in ${dist}: run the build first (pnpm --filter ./web build).`);
    process.exit(2);
  }
  const entries = entryKeys(manifest);
  if (!entries.length) {
    console.error('No entry chunk in the manifest.');
    process.exit(2);
  }
  const keys = new Set();
  for (const key of entries) staticClosure(manifest, key, keys);
  const entryOnly = new Set(keys);
  if (manifest[LOGIN_PAGE_SRC]) staticClosure(manifest, LOGIN_PAGE_SRC, keys);
  else console.warn(`warning: ${LOGIN_PAGE_SRC} is not a chunk of its own; counting the entry closure only.`);

  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const rows = assetsOf(manifest, keys).map((a) => ({ ...a, entry: entryOnly.has(a.key) }));
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
}

// run as a script, not when imported
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
