// The web client as shipped: what each route downloads (gzip) and Lighthouse's scores (src/run.mjs runs it).
//
// Route sizes come from the build (web/dist and Vite's manifest): for every route of web/src/app/AppRoutes.tsx,
// the entry chunks (index.html loads the app and the early preload module), the lazy chunks the route renders
// (the signed-in shell AppLayout, then the page) and all their static imports, each file counted once, gzip -9
// (web/scripts/size-report.mjs, which checks /login's budget, does the same sum).
//
// Lighthouse (its default mobile form factor: a Moto G Power sized screen, simulated slow 4G and a 4x slower
// CPU) audits /login and each role's /dashboard in Debian's chromium, started here with a fresh profile per
// audit, so an empty cache. A signed-in page needs the token in localStorage before the audit's navigation:
// it is set first through the DevTools protocol on a JSON address of the same origin (no script of the app
// runs, nothing of it is cached), and Lighthouse is told not to reset the storage. BENCH_WEB_RUNS=3 audits each
// page three times (the median performance counts); BENCH_WEB_REPORTS=dir keeps each audit's JSON report there.
/* global window -- signIn() sets the token inside the page */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { assetsOf, entryKeys, pageKeys, readManifest, staticClosure } from '../../web/scripts/size-report.mjs';
import { ROUTES } from '../../routes/index.js';

const WEB_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/src');
const APP_ROUTES = join(WEB_SRC, 'app/AppRoutes.tsx');
// where AppRoutes.tsx's lazy pages are declared
const PAGES = join(WEB_SRC, 'app/pages.ts');
// the browser tests' flags (e2e/src/support/env.ts), as in pages.mjs
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility'];
// the performance score's metrics (ms; CLS unitless), shown beside it
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};
export const LIGHTHOUSE_SETTINGS =
  'Lighthouse defaults: mobile form factor (412x823), simulated throttling (150 ms RTT, 1.6 Mbit/s down, CPU 4x slower), empty cache';

/** `name` -> the source file of each `export const Name = lazyPage(() => import('...'), ...)` in pages.ts. */
function lazyPages(source) {
  const pages = new Map();
  for (const m of source.matchAll(/export const (\w+) = lazyPage\(\(\) => import\('([^']+)'\)/g)) {
    pages.set(m[1], `${join('src/app', m[2])}.tsx`);
  }
  return pages;
}

/**
 * The routes of AppRoutes.tsx with the lazy pages each one renders, outermost first. A small reader of its
 * `<Route ...>` tags (path, index, element, nesting), enough for that file's shape; it throws rather than guess.
 */
export function appRoutes(source = readFileSync(APP_ROUTES, 'utf8'), declared = readFileSync(PAGES, 'utf8')) {
  const pages = lazyPages(declared);
  const routes = [];
  const stack = [{ path: '', pages: [] }];
  const tag = /<Route\b|<\/Route>/g;
  let m;
  while ((m = tag.exec(source))) {
    if (m[0] === '</Route>') {
      stack.pop();
      if (!stack.length) throw new Error(`${APP_ROUTES}: unbalanced </Route>`);
      continue;
    }
    // the tag's attributes run to the first '>' outside braces
    let depth = 0;
    let end = tag.lastIndex;
    for (; end < source.length; end += 1) {
      const c = source[end];
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      else if (c === '>' && depth === 0) break;
    }
    const attrs = source.slice(tag.lastIndex, end);
    tag.lastIndex = end + 1;
    const parent = stack[stack.length - 1];
    // a path written out, or a name of the route table (routes/index.js), which AppRoutes uses for every page
    const named = /\bpath=\{ROUTES\.(\w+)\}/.exec(attrs)?.[1];
    if (named && !(named in ROUTES)) throw new Error(`${APP_ROUTES}: ROUTES.${named} is not in the route table`);
    const own = named ? ROUTES[named] : /\bpath="([^"]+)"/.exec(attrs)?.[1];
    const path = own === undefined ? parent.path : own.startsWith('/') ? own : `${parent.path.replace(/\/$/, '')}/${own}`;
    const element = /\belement=\{([\s\S]*)\}/.exec(attrs)?.[1] ?? '';
    const rendered = [...element.matchAll(/<(\w+)/g)].map((e) => e[1]).filter((name) => pages.has(name));
    const node = { path, pages: [...parent.pages, ...rendered.map((name) => pages.get(name))] };
    if (rendered.length && (own !== undefined || /\bindex\b/.test(attrs))) routes.push({ route: path || '/', pages: node.pages });
    if (!attrs.trimEnd().endsWith('/')) stack.push(node);
  }
  if (stack.length !== 1) throw new Error(`${APP_ROUTES}: unbalanced <Route>`);
  if (!routes.length) throw new Error(`${APP_ROUTES}: no routes found`);
  return routes;
}

/** Per route: the files it loads (entries + its lazy pages + static imports, once each) and their gzip KB. */
export function routeSizes() {
  const manifest = readManifest();
  if (!manifest) throw new Error('web/dist has no Vite manifest: run `pnpm build` first');
  return appRoutes().map(({ route, pages }) => {
    const keys = new Set();
    for (const key of entryKeys(manifest)) staticClosure(manifest, key, keys);
    for (const page of pages) {
      const starts = pageKeys(manifest, page);
      if (!starts.length) throw new Error(`${route}: ${page} is in no chunk of the build (rebuild web/dist)`);
      for (const key of starts) staticClosure(manifest, key, keys);
    }
    const assets = assetsOf(manifest, keys);
    return { route, chunks: assets.map((a) => a.file.replace(/^assets\//, '')), gzipKB: assets.reduce((s, a) => s + a.gzip, 0) / 1024 };
  });
}

/** Debian's chromium with a fresh profile and a DevTools port; resolves once the port is known. */
function startChromium(chromiumPath) {
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  // its own process group: stopping it ends its helpers (zygote, renderers) too, before the profile goes
  const proc = spawn(chromiumPath, [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const alive = () => {
    try {
      process.kill(-proc.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const stop = async () => {
    if (proc.pid && alive()) {
      process.kill(-proc.pid, 'SIGTERM');
      for (let i = 0; i < 50 && alive(); i += 1) await sleep(100);
      if (alive()) process.kill(-proc.pid, 'SIGKILL');
    }
    await rm(profile, { recursive: true, force: true, maxRetries: 5 });
  };
  return new Promise((resolveStart, reject) => {
    let err = '';
    const timer = setTimeout(() => fail(new Error(`chromium gave no DevTools port in 20 s: ${err.slice(-500)}`)), 20_000);
    const fail = (e) => {
      clearTimeout(timer);
      stop().finally(() => reject(e));
    };
    proc.on('error', fail);
    proc.stderr.on('data', (d) => {
      err += d;
      const port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err)?.[1];
      if (port) {
        clearTimeout(timer);
        proc.stderr.removeAllListeners('data');
        proc.stderr.resume();
        resolveStart({ port: Number(port), stop });
      }
    });
  });
}

/** Stores the token on the app's origin, from a JSON address of it (no page of the app opened, nothing cached). */
async function signIn(port, baseUrl, token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${baseUrl}/api/bench-web-origin`);
    await page.evaluate((t) => window.localStorage.setItem('token', t), token);
    // and the page cookie a sign-in sets (server/src/modules/auth/page-session.ts), so signed-in pages arrive server-rendered
    await page.context().addCookies([{ name: 'lms_page_session', value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    await page.close();
  } finally {
    // a connectOverCDP browser: close() only disconnects
    await browser.close();
  }
}

/**
 * Lighthouse's own trace failures (it lost the navigation in its trace, NO_NAVSTART/NO_FCP): say nothing of the page,
 * and Lighthouse's answer is "Please run Lighthouse again", so the audit is retried (twice at most) in a new browser.
 */
const TRACE_FLAKES = /^lighthouse \S+: (NO_NAVSTART|NO_FCP|NO_TRACING_STARTED)\b/;

/** One Lighthouse audit of `baseUrl + path` (signed in when `token` is given); the two category scores (0-1). */
async function audit(options, attempt = 1) {
  try {
    return { ...(await auditOnce(options)), attempts: attempt };
  } catch (err) {
    if (attempt > 2 || !TRACE_FLAKES.test(String(err?.message))) throw err;
    return audit(options, attempt + 1);
  }
}

async function auditOnce({ baseUrl, path, token, chromiumPath, reportName }) {
  const { port, stop } = await startChromium(chromiumPath);
  try {
    if (token) await signIn(port, baseUrl, token);
    const result = await lighthouse(`${baseUrl}${path}`, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: CATEGORIES,
      disableStorageReset: true,
    });
    const { categories, audits, runtimeError, runWarnings } = result.lhr;
    if (runtimeError) throw new Error(`lighthouse ${path}: ${runtimeError.code} ${runtimeError.message}`);
    // the whole report, to see why a score is what it is (open it in https://googlechrome.github.io/lighthouse/viewer/)
    if (process.env.BENCH_WEB_REPORTS) {
      mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
      writeFileSync(join(process.env.BENCH_WEB_REPORTS, `${reportName}.json`), result.report);
    }
    // the audits that failed, for a page below full marks in accessibility
    const failed = categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
      .map((ref) => ref.id);
    return {
      performance: categories.performance.score,
      accessibility: categories.accessibility.score,
      finalUrl: result.lhr.finalDisplayedUrl,
      failedAccessibility: failed,
      metrics: Object.fromEntries(Object.entries(METRICS).map(([name, id]) => [name, audits[id].numericValue])),
      warnings: runWarnings,
    };
  } finally {
    await stop();
  }
}

/**
 * Route sizes from web/dist, then Lighthouse on /login and each role's /dashboard (parent when a token is given).
 * `runs` audits per page (default BENCH_WEB_RUNS or 1): the performance score moves with the machine's load
 * (its blocking time is measured, then scaled), so the run with the median performance score is kept.
 */
export async function measureWeb({
  baseUrl,
  tokens,
  log = () => {},
  chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  runs = Number(process.env.BENCH_WEB_RUNS) || 1,
}) {
  const routes = routeSizes();
  log(`web: ${routes.length} routes sized from web/dist`);
  const pages = [
    { page: '/login', role: '-' },
    ...['admin', 'teacher', 'student', 'parent']
      .filter((role) => tokens[role])
      .map((role) => ({ page: '/dashboard', role, token: tokens[role] })),
  ];
  const lighthouseResults = [];
  for (const { page, role, token } of pages) {
    const started = Date.now();
    const all = [];
    for (let i = 0; i < runs; i += 1) {
      const r = await audit({
        baseUrl,
        path: page,
        token,
        chromiumPath,
        reportName: `${page.slice(1)}${token ? `-${role}` : ''}${runs > 1 ? `-${i + 1}` : ''}`,
      });
      // a signed-in page that lands on /login was audited signed out
      if (token && new URL(r.finalUrl).pathname !== page)
        throw new Error(`lighthouse ${page} as ${role} ended on ${r.finalUrl}: the token was not used`);
      for (const w of r.warnings) log(`  lighthouse warning: ${w}`);
      if (r.attempts > 1)
        log(`  lighthouse ${page} as ${role}: audited again after ${r.attempts - 1} trace failure(s) of Lighthouse's own`);
      all.push(r);
    }
    const r = [...all].sort((x, y) => x.performance - y.performance)[Math.floor((all.length - 1) / 2)];
    log(
      `lighthouse ${page} as ${role}: performance ${all.map((x) => fmt(x.performance)).join(' / ')}, accessibility ${fmt(r.accessibility)} ` +
        `(${((Date.now() - started) / 1000).toFixed(0)} s)${r.failedAccessibility.length ? `; accessibility audits failed: ${r.failedAccessibility.join(', ')}` : ''}`,
    );
    lighthouseResults.push({
      page,
      role,
      runs: all.length,
      performance: r.performance,
      accessibility: r.accessibility,
      metrics: r.metrics,
      failedAccessibility: r.failedAccessibility,
    });
  }
  return { routes, lighthouse: lighthouseResults };
}

const fmt = (score) => (Number.isFinite(score) ? score.toFixed(2) : '-');

const table = (head, rows, left) => {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => (left.includes(i) ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
};

const runsNote = (scores) => {
  const runs = scores[0]?.runs ?? 1;
  return runs > 1 ? `the run with the median performance of ${runs} per page` : 'one run per page';
};

/** The two tables printed at the end: route sizes, then Lighthouse scores. */
export function webTable(result) {
  const routes = table(
    ['route', 'gzip KB', 'files'],
    result.routes.map((r) => [r.route, r.gzipKB.toFixed(1), r.chunks.length]),
    [0],
  );
  const ms = (v) => (Number.isFinite(v) ? v.toFixed(0) : '-');
  const scores = table(
    ['page', 'role', 'performance', 'accessibility', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms', 'accessibility audits failed'],
    result.lighthouse.map((l) => [
      l.page,
      l.role,
      fmt(l.performance),
      fmt(l.accessibility),
      ms(l.metrics?.fcp),
      ms(l.metrics?.lcp),
      ms(l.metrics?.tbt),
      Number.isFinite(l.metrics?.cls) ? l.metrics.cls.toFixed(3) : '-',
      ms(l.metrics?.si),
      l.failedAccessibility?.join(', ') || '-',
    ]),
    [0, 1, 9],
  );
  return [
    'web routes: JS+CSS each route loads (entries + its lazy pages + their static imports, each file once), gzip -9',
    ...routes,
    '',
    `lighthouse ${LIGHTHOUSE_VERSION}: ${LIGHTHOUSE_SETTINGS}; ${runsNote(result.lighthouse)}`,
    ...scores,
  ].join('\n');
}

/** Misses of `targets.lighthouse` (minimum scores 0-1) and, when given, `targets.routeGzipKB` (maximum per route). */
export function checkWeb(result, targets) {
  const misses = [];
  for (const l of result.lighthouse) {
    for (const category of CATEGORIES) {
      const min = targets?.lighthouse?.[category];
      if (min !== undefined && !(l[category] >= min))
        misses.push(`lighthouse ${l.page} as ${l.role}: ${category} ${fmt(l[category])} < ${min}`);
    }
  }
  const maxKB = targets?.routeGzipKB;
  if (maxKB !== undefined) {
    for (const r of result.routes)
      if (!(r.gzipKB <= maxKB)) misses.push(`web route ${r.route}: ${r.gzipKB.toFixed(1)} KB gzip > ${maxKB} KB`);
  }
  return misses;
}

const LIGHTHOUSE_VERSION = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve('lighthouse/package.json')), 'utf8')).version;
