// Throttled first loads of the built web client (src/run.mjs runs them after the request scenarios).
//
// Debian's chromium (playwright-core, never a downloaded browser) opens a page of the app signed in, as a phone
// on slow 4G with a 4x slower CPU (Chrome DevTools protocol: Network.emulateNetworkConditions and
// Emulation.setCPUThrottlingRate; the figures are in ../targets.json, `pages`). Each run is a fresh browser
// context, so an empty cache: the first visit after a deploy, the slowest case. The time counted is from the
// start of the navigation until the page is usable: its main content and its data on screen, noticed inside the
// page by a MutationObserver (so the test process's own round trips do not count). One warm run (the same
// context, the page opened again: scripts from the cache, data asked again) is printed for comparison only.
//
// Each page has its floor (issue 31): the same content as plain HTML with no script at all (the page as the server
// renders it, its scripts and preload links taken out), sent by a bare node:http server under the app page's own
// security headers (CSP, COOP: see FLOOR_DROPPED_HEADERS), loaded under the same throttling in the same run, one floor load after each app load. The table prints app / floor for "usable" beside
// the absolute target (targets.json pages.floorRatio and usableMs), and when the app's code has run ("ready":
// the app's first commit, hydrated or rendered, web/src/app/App.tsx APP_READY_MARK).
/* global window, document, MutationObserver -- probe() and the ready() checks run inside the page */
import http from 'node:http';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// the browser tests' flags (e2e/src/support/env.ts)
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
const RUN_TIMEOUT_MS = 30_000;
/** How long a new context is left to start before its timed load (see coldLoad). */
const BROWSER_SETTLE_MS = 1_500;
/** The page cookie a sign-in sets (server/src/modules/auth/page-session.ts): page loads are rendered with its session. */
const PAGE_COOKIE = 'lms_page_session';
/** web/src/app/App.tsx APP_READY_MARK. */
const APP_READY_MARK = 'lms-app-ready';

/** A course page is usable with its header and its first module (the staff's Modules tab, the learner's list). */
const courseReady = () => {
  const h1 = document.querySelector('main h1');
  return Boolean(h1 && h1.textContent.trim() && document.querySelector('main h3'));
};

/** The page scenarios: what is opened, as whom, and when it counts as usable (run inside the page). */
export function pageScenarios(fx) {
  return [
    {
      name: 'page-dashboard-teacher',
      what: `/dashboard as teacher@ (Your courses: ${fx.facts.teacherCourses} courses)`,
      as: 'teacher',
      path: '/dashboard',
      // the welcome banner and the course list with its links (the data)
      ready: () => Boolean(document.querySelector('main h1') && document.querySelector('main [aria-label="Your courses"] a')),
    },
    {
      name: 'page-course-teacher',
      what: `/dashboard/courses/:id as teacher@ (${fx.course.title}: modules, tabs)`,
      as: 'teacher',
      path: `/dashboard/courses/${fx.course.id}`,
      ready: courseReady,
    },
    {
      name: 'page-dashboard-student',
      what: `/dashboard as student@ (Your classes: ${fx.facts.studentCourses} courses)`,
      as: 'student',
      path: '/dashboard',
      ready: () => Boolean(document.querySelector('main h1') && document.querySelector('main [aria-label="Your classes"] li')),
    },
    {
      name: 'page-course-student',
      what: `/dashboard/courses/:id as student@ (${fx.studentCourse?.title}: the learner's view, modules)`,
      as: 'student',
      path: `/dashboard/courses/${fx.studentCourse?.id}`,
      ready: courseReady,
    },
  ];
}

/**
 * Runs in the page before its own scripts (an init script, so the page's Content-Security-Policy still
 * applies to everything else): signs in by the stored token, as the app does, and reports the first moment
 * `ready()` holds, plus the largest contentful paint so far.
 */
function probe(token, ready) {
  window.localStorage.setItem('token', token);
  window.__bench = { usable: undefined, lcp: undefined };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const visible = () => {
    try {
      return ready();
    } catch {
      return false;
    }
  };
  const observer = new MutationObserver(() => {
    if (window.__bench.usable !== undefined || !visible()) return;
    window.__bench.usable = performance.now();
    observer.disconnect();
    window.__benchUsable(window.__bench.usable);
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** What the page fetched until it was usable (resource timing; GraphQL operation names seen by the browser). */
async function pageStats(page, operations) {
  const stats = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const until = window.__bench.usable;
    const res = performance.getEntriesByType('resource').filter((r) => r.startTime <= until);
    const js = res.filter((r) => /\/assets\/.+\.js$/.test(new URL(r.name).pathname));
    const gql = res.filter((r) => new URL(r.name).pathname === '/graphql');
    const ready = performance.getEntriesByName('lms-app-ready')[0];
    return {
      usable: until,
      ready: ready ? ready.startTime : NaN,
      lcp: window.__bench.lcp,
      html: nav.responseEnd,
      jsFiles: js.length,
      jsKb: js.reduce((s, r) => s + r.transferSize, 0) / 1024,
      jsEnd: Math.max(0, ...js.map((r) => r.responseEnd)),
      gqlStart: gql.length ? Math.min(...gql.map((r) => r.startTime)) : NaN,
      gqlEnd: Math.max(0, ...gql.map((r) => r.responseEnd)),
      requests: res.length + 1,
      timeline: res.map((r) => ({ path: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd, kb: r.transferSize / 1024 })),
    };
  });
  return { ...stats, operations: [...operations] };
}

async function throttle(context, page, conditions) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: conditions.network.latencyMs,
    // CDP wants bytes per second
    downloadThroughput: (conditions.network.downloadKbps * 1000) / 8,
    uploadThroughput: (conditions.network.uploadKbps * 1000) / 8,
    connectionType: 'cellular4g',
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: conditions.cpuSlowdown });
  await cdp.send('Performance.enable');
  return cdp;
}

/** The renderer's main-thread work so far (seconds of script, style, layout), from the protocol's counters. */
async function mainThread(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
  return {
    scriptMs: m.ScriptDuration * 1000,
    styleMs: m.RecalcStyleDuration * 1000,
    layoutMs: m.LayoutDuration * 1000,
    taskMs: m.TaskDuration * 1000,
  };
}

/** Opens `scenario.path` in `page` and resolves with the page's figures once it is usable. */
async function openOnce(page, signal, baseUrl, scenario) {
  const operations = [];
  const onRequest = (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/graphql') operations.push(req.postDataJSON()?.operationName ?? '?');
  };
  page.on('request', onRequest);
  const errors = [];
  const onError = (err) => errors.push(err.message);
  page.on('pageerror', onError);
  try {
    const usable = new Promise((resolve) => {
      signal.usable = resolve;
    });
    await page.goto(`${baseUrl}${scenario.path}`, { waitUntil: 'commit', timeout: RUN_TIMEOUT_MS });
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `${scenario.name}: ${page.url()} not usable within ${RUN_TIMEOUT_MS / 1000} s${errors.length ? ` (page errors: ${errors.join('; ')})` : ''}`,
            ),
          ),
        RUN_TIMEOUT_MS,
      );
    });
    // the probe's call may come before the page's binding exists (a page with no script is parsed at once, in one
    // mutation), so the page's own record is also polled (the time itself is always the page's)
    const recorded = page
      .waitForFunction(() => window.__bench?.usable !== undefined, undefined, { timeout: RUN_TIMEOUT_MS, polling: 100 })
      .catch(() => new Promise(() => {}));
    await Promise.race([usable, recorded, timeout]).finally(() => clearTimeout(timer));
    return await pageStats(page, operations);
  } finally {
    page.off('request', onRequest);
    page.off('pageerror', onError);
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * The floor pages: each scenario's page as the server renders it for its user, with every script and preload
 * link taken out (what is left is the HTML and its inline styles), served by a bare node:http server at the same
 * path under the scenario's name, under the same response headers as the app's page (its security policy: CSP,
 * COOP, Origin-Agent-Cluster; see FLOOR_DROPPED_HEADERS). A page that does not arrive rendered has no floor (the
 * run fails: the floor would be a blank page).
 */
async function startFloorPages(baseUrl, tokens, scenarios) {
  const pages = new Map();
  const headers = new Map();
  for (const scenario of scenarios) {
    const res = await fetch(`${baseUrl}${scenario.path}`, {
      headers: { cookie: `${PAGE_COOKIE}=${encodeURIComponent(tokens[scenario.as])}` },
      redirect: 'manual',
    });
    const html = await res.text();
    if (res.status !== 200 || !html.includes('id="lms-server-state"')) {
      throw new Error(`${scenario.name}: ${scenario.path} did not arrive server-rendered (HTTP ${res.status}), so it has no floor page`);
    }
    // under the scenario's name: two scenarios may open the same path as different people
    headers.set(
      `/${scenario.name}${scenario.path}`,
      Object.fromEntries([...res.headers].filter(([name]) => !FLOOR_DROPPED_HEADERS.has(name))),
    );
    pages.set(
      `/${scenario.name}${scenario.path}`,
      html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, ''),
    );
  }
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url, 'http://floor').pathname;
    const page = pages.get(pathname);
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    // compressed as the app's pages are (server/src/app/compress-answers.ts), so only the content differs
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res
      .writeHead(200, {
        ...headers.get(pathname),
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      })
      .end(gzip ? zlib.gzipSync(page) : page);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * The app page's response headers a floor page does not repeat: how that one answer was sent (length, encoding,
 * connection, date), its cookie and its request ids. The rest (the security policy) goes with the floor: Chromium
 * does measurably more for a page under CSP, COOP and Origin-Agent-Cluster at a 4x slower CPU (each ~25-35 ms on
 * a dashboard, ~80 ms together; ~5 ms unthrottled), a cost of the site's policy that a plain-HTML page of the same
 * site pays too, not of the app's code, which is what the floor is there to show (bench/README.md, "The floor
 * page's headers").
 */
const FLOOR_DROPPED_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'set-cookie',
  'vary',
  'etag',
  'last-modified',
  'x-request-id',
  'x-instance',
]);

/** One cold load of `scenario` from `baseUrl` (the app's, or the floor pages') in a fresh context, signed in by token and page cookie. */
async function coldLoad(browser, baseUrl, scenario, token, conditions, init, { app, warmToo }) {
  const context = await browser.newContext({ ...conditions.device, serviceWorkers: 'block' });
  try {
    await context.addInitScript({ content: init });
    await context.addCookies([{ name: PAGE_COOKIE, value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    // the probe calls this once the page is usable (the time itself is read from the page)
    const signal = { usable: undefined };
    await page.exposeFunction('__benchUsable', () => signal.usable?.());
    const cdp = await throttle(context, page, conditions);
    // the browser's own start (a new context, its renderer) takes this machine's two cores for a moment; a
    // phone's start does not take the server's CPU, so the timed navigation waits until it is over (without
    // this, the app's server answered in 400-780 ms instead of ~100 ms while the floor, a file, was not affected)
    await new Promise((resolve) => {
      setTimeout(resolve, BROWSER_SETTLE_MS);
    });
    const cold = { ...(await openOnce(page, signal, baseUrl, scenario)), ...(await mainThread(cdp)) };
    // the app's code has run (the page answers input): waited for a little, after usable
    if (app && !Number.isFinite(cold.ready)) {
      cold.ready = await page
        .waitForFunction((mark) => performance.getEntriesByName(mark)[0]?.startTime, APP_READY_MARK, { timeout: RUN_TIMEOUT_MS })
        .then((h) => h.jsonValue())
        .catch(() => NaN);
    }
    // the last run: the same page opened again, with the scripts in the cache
    const warm = warmToo ? await openOnce(page, signal, baseUrl, scenario) : undefined;
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/**
 * Every page scenario `conditions.runs` times from an empty cache (plus one warm run). Resolves with one
 * result per scenario: the runs, their median (checked against `conditions.usableMs`) and the warm run.
 */
export async function measurePages({ baseUrl, tokens, scenarios, conditions, runs, log }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const floor = await startFloorPages(baseUrl, tokens, scenarios);
  const results = [];
  try {
    for (const scenario of scenarios) {
      const init = `(${probe.toString()})(${JSON.stringify(tokens[scenario.as])}, ${scenario.ready.toString()});`;
      const cold = [];
      const floorRuns = [];
      let warm;
      for (let i = 0; i < runs; i += 1) {
        const app = await coldLoad(browser, baseUrl, scenario, tokens[scenario.as], conditions, init, {
          app: true,
          warmToo: i === runs - 1,
        });
        cold.push(app.cold);
        warm = app.warm ?? warm;
        // the floor right after, under the same conditions (no script: nothing to be ready)
        floorRuns.push(
          (
            await coldLoad(browser, `${floor.url}/${scenario.name}`, scenario, tokens[scenario.as], conditions, init, {
              app: false,
              warmToo: false,
            })
          ).cold,
        );
      }
      const r = {
        name: scenario.name,
        what: scenario.what,
        runs: cold,
        warm,
        median: median(cold.map((c) => c.usable)),
        floorRuns,
        floorMedian: median(floorRuns.map((c) => c.usable)),
        readyMedian: median(cold.map((c) => c.ready)),
      };
      r.floorRatio = r.median / r.floorMedian;
      if (process.env.BENCH_PAGE_DETAIL === '1') {
        const m = [...cold].sort((a, b) => a.usable - b.usable)[Math.floor((cold.length - 1) / 2)];
        log(
          `${scenario.name}, the median run: html ${fmt(m.html, 0)} ms, usable ${fmt(m.usable, 0)} ms, ready ${fmt(m.ready, 0)} ms, LCP ${fmt(m.lcp, 0)} ms; ` +
            `main thread ${fmt(m.taskMs, 0)} ms (script ${fmt(m.scriptMs, 0)}, style ${fmt(m.styleMs, 0)}, layout ${fmt(m.layoutMs, 0)}); requests until usable (start-end ms, KB):`,
        );
        for (const t of m.timeline) log(`  ${fmt(t.start, 0).padStart(6)}-${fmt(t.end, 0).padEnd(6)} ${fmt(t.kb).padStart(6)}  ${t.path}`);
      }
      log(
        `${scenario.name.padEnd(30)} usable ${cold.map((c) => fmt(c.usable, 0)).join(' / ')} ms, median ${fmt(r.median, 0)} ms (target ${conditions.usableMs} ms); ` +
          `floor ${floorRuns.map((c) => fmt(c.usable, 0)).join(' / ')} ms, median ${fmt(r.floorMedian, 0)} ms; app/floor ${fmt(r.floorRatio, 2)} (target ${conditions.floorRatio}); ` +
          `ready ${fmt(r.readyMedian, 0)} ms; warm ${fmt(warm?.usable, 0)} ms`,
      );
      results.push(r);
    }
  } finally {
    await floor.stop();
    await browser.close();
  }
  return results;
}

const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

/** The table printed at the end: the median run of each scenario in detail. */
export function pagesTable(results, conditions) {
  const head = [
    'page',
    'usable ms (median)',
    'min',
    'max',
    'floor',
    'app/floor',
    'ready',
    'warm',
    'html',
    'JS files',
    'JS KB',
    'JS done',
    'first gql',
    'gql done',
    'LCP',
    'GraphQL',
    'target',
  ];
  const rows = results.map((r) => {
    const m = [...r.runs].sort((a, b) => a.usable - b.usable)[Math.floor((r.runs.length - 1) / 2)];
    const us = r.runs.map((c) => c.usable);
    return [
      r.name,
      fmt(r.median, 0),
      fmt(Math.min(...us), 0),
      fmt(Math.max(...us), 0),
      fmt(r.floorMedian, 0),
      fmt(r.floorRatio, 2),
      fmt(r.readyMedian, 0),
      fmt(r.warm?.usable, 0),
      fmt(m.html, 0),
      m.jsFiles,
      fmt(m.jsKb, 0),
      fmt(m.jsEnd, 0),
      fmt(m.gqlStart, 0),
      fmt(m.gqlEnd, 0),
      fmt(m.lcp, 0),
      m.operations.join('+') || '(none)',
      `${conditions.usableMs}, ${conditions.floorRatio}x`,
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 || i === 15 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  const n = conditions.network;
  return [
    `first loads (empty cache), ${results[0]?.runs.length ?? 0} runs each: ${n.latencyMs} ms RTT, ${n.downloadKbps} kbit/s down, ${n.uploadKbps} kbit/s up, CPU ${conditions.cpuSlowdown}x slower, ` +
      `${conditions.device.viewport.width}x${conditions.device.viewport.height}; times from the navigation start (the median run's details); floor: the same page as plain HTML ` +
      `with no script, same conditions; ready: the app's first commit (hydrated)`,
    line(head),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
  ].join('\n');
}

/** Misses of the usable-time target and of the floor ratio (medians of the cold runs). */
export function checkPages(results, conditions) {
  return [
    ...results
      .filter((r) => !(r.median <= conditions.usableMs))
      .map((r) => `${r.name}: usable after ${fmt(r.median, 0)} ms (median of ${r.runs.length}) > ${conditions.usableMs} ms`),
    ...results
      .filter((r) => !(r.floorRatio <= conditions.floorRatio))
      .map(
        (r) =>
          `${r.name}: usable after ${fmt(r.median, 0)} ms, ${fmt(r.floorRatio, 2)}x its floor page's ${fmt(r.floorMedian, 0)} ms > ${conditions.floorRatio}x`,
      ),
  ];
}
