import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { print } from '@apollo/client/utilities';
import type { DocumentNode } from 'graphql';
import { EMPTY } from 'rxjs';

const apiTarget = process.env.API_URL ?? 'http://localhost:4000';
const root = path.dirname(fileURLToPath(import.meta.url));

/** The early module (src/app/preload.ts): a second entry, loaded by index.html on its own (preloadEntry). */
const PRELOAD_ENTRY = 'src/app/preload.ts';

/** Operations preload.ts may send before the app's code arrives, and the generated file of each document. */
const PRELOADED: Record<string, string> = {
  Me: 'src/features/auth/auth.generated.ts',
  CourseDetail: 'src/features/courses/courses.generated.ts',
  DashboardCourses: 'src/features/courses/courses.generated.ts',
  StudentDashboard: 'src/features/classes/classes.generated.ts',
};

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
 * `virtual:preloaded-operations`: the texts of PRELOADED, read from the generated documents (graphql-codegen's
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
        const match = new RegExp(`^export const ${name}Document = (\\{.*\\}) as unknown as DocumentNode`, 'm').exec(fs.readFileSync(full, 'utf8'));
        if (!match) throw new Error(`${name}Document not found in ${file}: run pnpm codegen, or update PRELOADED in vite.config.ts`);
        texts[name] = await linkText(JSON.parse(match[1]) as DocumentNode);
      }
      return `export const OPERATIONS = ${JSON.stringify(texts)};`;
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
        return [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src }, injectTo: 'head-prepend' }];
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
}

const graph: Graph = { preload: new Set(), initial: new Set(), shell: new Set(), lazy: new Set() };

type GraphContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** `roots` and every module they import statically. */
function staticClosure(ctx: GraphContext, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

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
      graph.shell = staticClosure(this, ending('/src/layout/AppLayout.tsx'));
      graph.lazy = new Set(ids.flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
    },
  };
}

/** Whether a module may join a group: not the early module's, not a page (import() target). */
const groupable = (id: string) => !graph.preload.has(id) && !graph.lazy.has(id);
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
        // network each extra request costs a round trip. /login's code is one chunk with the entry (what it
        // loads anyway, and no more: the size report's budget); the signed-in shell with the shared
        // components is another; the libraries only signed-in pages use a third; each feature's shared code
        // one more; each page stays its own small chunk (the import() that AppRoutes lazy-loads).
        codeSplitting: {
          groups: [
            // (already a closure: only the early module's own imports stay out, in its chunk)
            { name: 'index', test: (id) => groupable(id) && graph.initial.has(id), priority: 40, includeDependenciesRecursively: false },
            {
              name: 'shell',
              test: (id) => groupable(id) && (graph.shell.has(id) || /\/src\/(app|components|layout)\//.test(id)),
              priority: 30,
            },
            // papaparse: only the CSV import uses it, and it is as big as a page
            { name: 'ui', test: (id) => groupable(id) && inNodeModules(id) && !id.includes('/papaparse'), priority: 20 },
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
