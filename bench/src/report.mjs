// The end of a benchmark run (run.mjs): every result checked against targets.json, the tables printed, the results
// written to BENCH_JSON when asked. Resolves to whether a target was missed.
import fs from 'node:fs';
import os from 'node:os';
import { checkPages, pagesTable } from './pages.mjs';
import { checkCounts, checkResults, countsTable, fmt, resultsTable } from './scenarios.mjs';

const log = (...args) => console.log(...args);

export async function report({ results, counts, rss, pageResults, web, targets, facts, generated, run }) {
  const { misses, notes, byName } = checkResults(results, targets, { speed: !run.smoke, capS: run.capS });
  const countChecks = checkCounts(counts, targets);
  misses.push(...countChecks.misses);
  notes.push(...countChecks.notes);
  if (!run.smoke) {
    if (!(rss.after <= targets.rssMb)) misses.push(`server RSS after the run ${fmt(rss.after)} MB > ${targets.rssMb} MB`);
    if (targets.peakRssMb && !(rss.peak <= targets.peakRssMb)) misses.push(`server peak RSS ${fmt(rss.peak)} MB > ${targets.peakRssMb} MB`);
    misses.push(...checkPages(pageResults, targets.pages));
    if (web) misses.push(...(await import('./web.mjs')).checkWeb(web, targets.web));
  }
  if (results.length) log(`\n${resultsTable(results, byName)}\n`);
  for (const r of results) log(`  ${r.name}: ${r.what}`);
  log(`\n${countsTable(counts)}`);
  if (run.smoke) log('(smoke: the small preset only; equal means every request of a scenario ran as many statements)');
  if (pageResults.length) log(`\n${pagesTable(pageResults, targets.pages)}\n`);
  for (const r of pageResults) log(`  ${r.name}: ${r.what}`);
  if (web) log(`\n${(await import('./web.mjs')).webTable(web)}`);
  log(
    `\nload average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  log(
    `server RSS: ${fmt(rss.before)} MB before the scenarios, ${fmt(rss.after)} MB after (target ${targets.rssMb} MB), peak ${fmt(rss.peak)} MB`,
  );
  if (run.json) {
    fs.writeFileSync(
      run.json,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          preset: run.preset,
          loadavg: os.loadavg(),
          requests: run.requests,
          concurrency: run.concurrency,
          counts: generated,
          facts,
          results,
          statementCounts: counts,
          pages: pageResults,
          web,
          rss,
          misses,
          notes,
        },
        null,
        2,
      ),
    );
  }
  for (const n of notes) log(`\nnote: ${n}`);
  if (misses.length) {
    log(`\nTARGETS MISSED (${misses.length}):`);
    for (const m of misses) log(`  - ${m}`);
  } else {
    log(
      `\nall targets met (${results.length} scenarios${run.smoke ? ', smoke: errors, floor equality and statement counts only' : ` and ${pageResults.length} pages`}, targets.json)`,
    );
  }
  return misses.length > 0;
}
