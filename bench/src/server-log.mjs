// What the benchmark reads of a server it started: its request log (statements per request), its --trace-gc lines
// (allocation and pauses), /proc (memory) and its warnings. Used by run.mjs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const log = (...args) => console.log(...args);

/**
 * SQL lookups per request in the server's request-log lines written after byte `from`: its statements, and once
 * more each statement that also checked the session (`checkedReads`: a query's first read on a guessed viewer, from a
 * text's second request on), so that a count does not depend on which way the request came.
 */
export function sqlCounts(logFile, from) {
  const text = fs.readFileSync(logFile).subarray(from).toString('utf8');
  const counts = text
    .split('\n')
    .filter((l) => l.includes('"msg":"request"'))
    .map((l) => Number(l.match(/"sql":(\d+)/)?.[1]) + Number(l.match(/"checkedReads":(\d+)/)?.[1] ?? 0))
    .filter(Number.isFinite);
  return { n: counts.length, min: Math.min(...counts), max: Math.max(...counts) };
}

/**
 * What the server's garbage collector saw in its log (--trace-gc lines) after byte `from`: the bytes allocated
 * (each collection's heap before it, less the heap after the one before: what was allocated in between), the
 * collections and their pause time. An estimate of the allocation (what is allocated after the last collection
 * is not counted), sound over a couple of hundred requests.
 */
export function gcSince(logFile, from, lastAfterMb) {
  const text = fs.readFileSync(logFile).subarray(from).toString('utf8');
  let allocatedMb = 0;
  let count = 0;
  let pauseMs = 0;
  let after = lastAfterMb;
  for (const m of text.matchAll(
    /ms: (?:Scavenge|Mark-Compact|Minor Mark-Compact|Mark-sweep)[^\n]*? ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, ([\d.]+) \/ [\d.]+ ms/g,
  )) {
    const [before, afterThis, ms] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (after !== undefined) allocatedMb += Math.max(0, before - after);
    after = afterThis;
    count += 1;
    pauseMs += ms;
  }
  return { allocatedMb, count, pauseMs, lastAfterMb: after };
}

/** The heap after the last collection logged before byte `to` (where the next window's allocation starts). */
export function lastHeapAfter(logFile, to) {
  const text = fs
    .readFileSync(logFile)
    .subarray(Math.max(0, to - 200_000), to)
    .toString('utf8');
  const all = [...text.matchAll(/-> ([\d.]+) \([\d.]+\) MB, [\d.]+ \/ [\d.]+ ms/g)];
  return all.length ? Number(all[all.length - 1][1]) : undefined;
}

/** Clock ticks a second, the unit of /proc/<pid>/stat's CPU times (100 on Linux unless built otherwise). */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU time a process has used so far, user and system, all its threads (Node's main thread, GC helpers, libuv's
 * pool), in ms; NaN where /proc cannot be read. A p50 at 8 requests at a time on 2 cores is the whole machine's work
 * queued (the server's, PostgreSQL's, the client's); the server's CPU a request is its own part of it.
 */
export function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command's `(name)`, which may hold spaces: state is the first, utime the 12th, stime the 13th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return NaN;
  }
}

export function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/** The server's warnings (slow statements over 1 s, errors) are part of the result. */
export function serverWarnings(logFile) {
  const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
  const slow = text.split('\n').filter((l) => l.includes('slow query'));
  const other = text.split('\n').filter((l) => l.trim() && !l.includes('slow query') && /"level":(40|50|60)/.test(l));
  if (slow.length) {
    log(`\nslow statements logged by the server (over 1 s): ${slow.length}`);
    for (const l of slow.slice(0, 10)) {
      // pino's own "time" (epoch ms) and the statement's "time" (ms) share a key: the smaller is the duration
      const ms = Math.min(...[...l.matchAll(/"time":(\d+)/g)].map((m) => Number(m[1])));
      const query = l.match(/"query":"((?:[^"\\]|\\.)*)"/)?.[1] ?? l;
      log(`  ${ms} ms: ${query.replace(/\\n|\s+/g, ' ').slice(0, 400)}`);
    }
  }
  if (other.length) {
    log(`\nserver warnings and errors: ${other.length}`);
    for (const l of other.slice(0, 10)) log(`  ${l.slice(0, 400)}`);
  }
}
