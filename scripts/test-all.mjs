#!/usr/bin/env node
// Runs every suite (server jest, the web's unit tests in vitest, browser tests) and ends with one line `N passed, N failed` for all of them.
// SKIP_BUILD=1 skips the build (CI has just built); SKIP_E2E=1 runs only the server suites.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-test-'));
const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env, ...opts }).status ?? 1;

let passed = 0;
let failed = 0;
let broken = [];

if (process.env.SKIP_BUILD !== '1') {
  if (run('pnpm', ['build']) !== 0) {
    console.log('build failed');
    console.log(`0 passed, 1 failed`);
    process.exit(1);
  }
}

// each runner writes a jest-shaped JSON report (vitest's json reporter uses the same fields)
const jest = (args) => (file) => ['exec', 'jest', ...args, '--json', `--outputFile=${file}`];
const vitest = (file) => ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
const suites = [
  { name: 'server', dir: 'server', command: jest([]) },
  { name: 'web units', dir: 'web', command: vitest },
];
if (process.env.SKIP_E2E !== '1') suites.push({ name: 'browser', dir: 'e2e', command: jest(['--runInBand']) });

for (const s of suites) {
  const file = path.join(out, `${s.name.replace(/\W/g, '-')}.json`);
  console.log(`\n=== ${s.name} tests ===`);
  const status = run('pnpm', s.command(file), { cwd: path.join(root, s.dir) });
  if (!fs.existsSync(file)) {
    broken.push(s.name);
    failed += 1;
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // a suite that fails to load counts no tests; count it as a failure so it cannot pass silently
  const deadSuites = r.testResults.filter((t) => t.status === 'failed' && t.assertionResults.length === 0).length;
  failed += deadSuites;
  if (status !== 0 && r.numFailedTests === 0 && deadSuites === 0) {
    broken.push(s.name);
    failed += 1;
  }
  console.log(`${s.name}: ${r.numPassedTests} passed, ${r.numFailedTests + deadSuites} failed`);
}

// the bench's small preset (bench/README.md): no errors, floors equal to the app, equal statement counts; one test
if (process.env.SKIP_E2E !== '1' && process.env.SKIP_BENCH !== '1') {
  console.log('\n=== bench smoke (small preset) ===');
  const ok = run('node', ['bench/src/run.mjs', '--preset', 'small']) === 0;
  passed += ok ? 1 : 0;
  failed += ok ? 0 : 1;
  console.log(`bench: ${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
}

if (broken.length) console.log(`suites that did not report: ${broken.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
