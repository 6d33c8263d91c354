import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { print } from '@apollo/client/utilities';
import type { DocumentNode } from 'graphql';
import { EMPTY } from 'rxjs';
// index.html's data block that preload.ts reads (not executed, so the CSP's script-src is not concerned), and
// the shell and landing pages whose files it names
import { ROUTE_CHUNKS_ID, ROUTE_MODULES } from './scripts/route-modules.mjs';
import { DASHBOARD_VARIABLES } from './src/lib/listMax';

const apiTarget = process.env.API_URL ?? 'http://localhost:4000';
const root = path.dirname(fileURLToPath(import.meta.url));

/** The early module (src/app/preload.ts): a second entry, loaded by index.html on its own (preloadEntry). */
const PRELOAD_ENTRY = 'src/app/preload.ts';

/** Operations preload.ts may send before the app's code arrives, and the generated file of each document. */
const PRELOADED: Record<string, string> = {
  Me: 'src/lib/session.generated.ts',
  CourseDetail: 'src/features/courses/courses.generated.ts',
  DashboardCourses: 'src/features/courses/courses.generated.ts',
  StudentDashboard: 'src/features/classes/classes.generated.ts',
  StudentCourseDetail: 'src/features/classes/classes.generated.ts',
};

/** The variables of a landing page's operation that the page passes whatever the route (a choice list's size). */
const FIXED_VARIABLES: Record<string, Record<string, unknown>> = { DashboardCourses: DASHBOARD_VARIABLES };

/**
 * The text Apollo sends for `document`: it adds `__typename` and the like before the link, so the text is taken
 * from a real client's link (no request is made). preload.ts sends exactly this, and apollo.ts hands the answer
 * over only when the text it would send is the same.
 */
async function linkText(document: DocumentNode): Promise<string> {
  let text = '';
  const capture = new ApolloLink((operation) => {
    text = print(operation.query);
    return EMPTY;
  });
  const client = new ApolloClient({ link: capture, cache: new InMemoryCache() });
  await client.query({ query: document, fetchPolicy: 'no-cache' }).catch(() => undefined);
  client.stop();
  if (!text) throw new Error('Apollo sent nothing to the link');
  return text;
}

/**
 * For each of ROUTE_MODULES, the files its chunk loads that index.html does not already name: preload.ts adds
 * them as modulepreload links as soon as it runs, so they download beside the entry instead of in a second wave
 * after it has run (a round trip and the entry's run time on a phone). The page's own files leave out the shell's.
 */
function routeChunks(bundle: Rollup.OutputBundle, base: string): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: Rollup.OutputChunk[]) =>
    closureOf(
      start.map((c) => c.fileName),
      (file) => byFile.get(file)?.imports ?? [],
    );
  const loaded = closure(chunks.filter((c) => c.isEntry));
  const files: Record<string, Set<string>> = {};
  for (const [name, module] of Object.entries(ROUTE_MODULES)) {
    const id = path.join(root, module);
    const chunk = chunks.find((c) => c.facadeModuleId === id || c.moduleIds.includes(id));
    if (!chunk) throw new Error(`no chunk for ${module}`);
    files[name] = new Set([...closure([chunk])].filter((f) => !loaded.has(f)));
  }
  return Object.fromEntries(
    Object.entries(files).map(([name, set]) => [
      name,
      [...set].filter((f) => name === 'shell' || !files.shell.has(f)).map((f) => `${base}${f}`),
    ]),
  );
}

/**
 * `virtual:preloaded-operations`: the texts of PRELOADED (and FIXED_VARIABLES), read from the generated documents (graphql-codegen's
 * `export const XDocument = {...} as unknown as DocumentNode`), and the early module in index.html: a module
 * script ahead of the app's, so its requests leave while the app's code downloads. Not async: module scripts run
 * in document order, so it always runs before the app's (an async one lost that race on a fast connection, and
 * the app then sent `me` itself); both download in parallel, and the tiny early one arrives first anyway.
 */
function preloadedOperations(): Plugin {
  const id = 'virtual:preloaded-operations';
  let base = '/';
  return {
    name: 'lms-preloaded-operations',
    configResolved(config) {
      base = config.base;
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(moduleId) {
      if (moduleId !== `\0${id}`) return undefined;
      const texts: Record<string, string> = {};
      for (const [name, file] of Object.entries(PRELOADED)) {
        const full = path.join(root, file);
        this.addWatchFile(full);
        const match = new RegExp(`^export const ${name}Document = (\\{.*\\}) as unknown as DocumentNode`, 'm').exec(
          fs.readFileSync(full, 'utf8'),
        );
        if (!match) throw new Error(`${name}Document not found in ${file}: run pnpm codegen, or update PRELOADED in vite.config.ts`);
        texts[name] = await linkText(JSON.parse(match[1]) as DocumentNode);
      }
      return `export const OPERATIONS = ${JSON.stringify(texts)};\nexport const FIXED_VARIABLES = ${JSON.stringify(FIXED_VARIABLES)};`;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        let src = `${base}${PRELOAD_ENTRY}`;
        if (ctx.bundle) {
          const chunk = Object.values(ctx.bundle).find(
            (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId === path.join(root, PRELOAD_ENTRY),
          );
          if (!chunk) throw new Error(`no chunk for ${PRELOAD_ENTRY}`);
          src = `${base}${chunk.fileName}`;
        }
        const tags: HtmlTagDescriptor[] = [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src }, injectTo: 'head-prepend' }];
        if (ctx.bundle) {
          tags.push({
            tag: 'script',
            attrs: { type: 'application/json', id: ROUTE_CHUNKS_ID },
            children: JSON.stringify(routeChunks(ctx.bundle, base)),
            injectTo: 'body',
          });
        }
        return tags;
      },
    },
  };
}

/** What chunkPlan learns of the module graph once the build has read every module. */
interface Graph {
  /** The early module and what it imports (the operations' texts): its own small chunk. */
  preload: Set<string>;
  /** What the app's entry loads before it renders, and what /login adds: one chunk. */
  initial: Set<string>;
  /** The signed-in shell (AppLayout) and what it imports. */
  shell: Set<string>;
  /** Modules imported by import(): each page stays a chunk of its own, named after it. */
  lazy: Set<string>;
  /** What the dashboard adds to the shell (libraries and features alike, the page itself too): its own chunk. */
  dashboard: Set<string>;
  /** What the course page adds to the shell and the dashboard's chunk. */
  course: Set<string>;
}

const graph: Graph = { preload: new Set(), initial: new Set(), shell: new Set(), lazy: new Set(), dashboard: new Set(), course: new Set() };

type GraphContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** `roots` and everything reachable from them by `next` (modules or chunks and what they import). */
function closureOf(roots: string[], next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...next(id));
  }
  return seen;
}

/** `roots` and every module they import statically. */
const staticClosure = (ctx: GraphContext, roots: string[]) => closureOf(roots, (id) => ctx.getModuleInfo(id)?.importedIds ?? []);

function chunkPlan(): Plugin {
  return {
    name: 'lms-chunk-plan',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const ending = (suffix: string) => ids.filter((id) => id.endsWith(suffix));
      graph.preload = staticClosure(this, ending(`/${PRELOAD_ENTRY}`));
      graph.initial = staticClosure(this, [
        ...ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        ...ending('/src/features/auth/LoginPage.tsx'),
      ]);
      graph.shell = staticClosure(this, ending(`/${ROUTE_MODULES.shell}`));
      graph.lazy = new Set(ids.flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
      graph.dashboard = staticClosure(this, ending(`/${ROUTE_MODULES.dashboard}`));
      graph.course = staticClosure(this, ending(`/${ROUTE_MODULES.course}`));
    },
  };
}

/** The landing pages and the shell themselves: each rides in its group's file, one request fewer each. */
const isRouteModule = (id: string) => Object.values(ROUTE_MODULES).some((m) => id === path.join(root, m));

/** Whether a module may join a group: not the early module's, not a page (import() target) but the landing ones. */
const groupable = (id: string) => !graph.preload.has(id) && (!graph.lazy.has(id) || isRouteModule(id));
const inNodeModules = (id: string) => id.includes('/node_modules/');

export default defineConfig({
  plugins: [react(), preloadedOperations(), chunkPlan()],
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: apiTarget, changeOrigin: true },
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // The size report (scripts/size-report.mjs) reads this to find what /login loads.
    manifest: true,
    sourcemap: false,
    // the entry is one file on purpose (React, the router, Apollo, MUI's core and /login: ~630 KB, ~190 KB gzip)
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      input: { index: path.join(root, 'index.html'), preload: path.join(root, PRELOAD_ENTRY) },
      output: {
        // A page loads a handful of files at once rather than 40-60 in waves (issue 14): on a phone's slow
        // network each extra request costs a round trip, and each byte counts. /login's code is one chunk with
        // the entry (what it loads anyway, and no more: the size report's budget); the signed-in shell is
        // another; the two landing pages (dashboard, course page) one each, with exactly what they add; the
        // libraries and shared components of the other pages one more; each feature's shared code one more;
        // every other page stays its own small chunk (the import() that pages.ts lazy-loads).
        codeSplitting: {
          groups: [
            // the early module and what it imports (the operations' texts, the route table that the app shares): its
            // own file, which the app's files then import rather than the other way round (a group that takes its
            // dependencies along would otherwise pull the route table into the shell, and the early module with it)
            { name: 'preload', test: (id) => graph.preload.has(id), priority: 50, includeDependenciesRecursively: false },
            // (already a closure: only the early module's own imports stay out, in its chunk)
            { name: 'index', test: (id) => groupable(id) && graph.initial.has(id), priority: 40, includeDependenciesRecursively: false },
            // the shared kit (lib/: the session, errors, formatters...) rides with the shell, as when it was in app/
            {
              name: 'shell',
              test: (id) => groupable(id) && (graph.shell.has(id) || /\/src\/(app|layout|lib)\//.test(id)),
              priority: 30,
            },
            // the landing pages (preload.ts starts their code early) load exactly what they use: what both use in
            // one file, what each adds in another
            { name: 'landing', test: (id) => groupable(id) && graph.dashboard.has(id) && graph.course.has(id), priority: 27 },
            { name: 'dashboard', test: (id) => groupable(id) && graph.dashboard.has(id), priority: 26 },
            { name: 'course', test: (id) => groupable(id) && graph.course.has(id), priority: 25 },
            // the libraries and shared components of the other pages (papaparse aside: only the CSV import uses
            // it, and it is as big as a page)
            {
              name: 'ui',
              test: (id) => groupable(id) && ((inNodeModules(id) && !id.includes('/papaparse')) || /\/src\/components\//.test(id)),
              priority: 20,
            },
            // results' shared code (the release dialog, its hooks) in its own file, not drawn into the assessments'
            // (whose table uses it): the grading dashboard needs it without the assessments' forms (its budget)
            { name: 'feature-results', test: (id) => groupable(id) && /\/src\/features\/results\//.test(id), priority: 11 },
            {
              name: (id) => {
                const feature = /\/src\/features\/([^/]+)\//.exec(id)?.[1];
                return feature && groupable(id) ? `feature-${feature}` : null;
              },
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
