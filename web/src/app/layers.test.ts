import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of web/src (issue 29), read from the source itself: every relative import, `import type` and
 * `export ... from` included (a type import still ties two folders together), and `import()` too.
 * Layers, lowest first: lib/ (the shared kit) and gql/ (generated), components/, layout/, features/<name>/,
 * then the roots: app/ (the composition root) and the entry points main.tsx, ssr/ and explorer/.
 */
const SRC = path.resolve(__dirname, '..');

/** What a folder may never import: the layers above it. */
const FORBIDDEN: Record<string, string[]> = {
  lib: ['components', 'layout', 'features', 'app'],
  gql: ['components', 'layout', 'features', 'app', 'lib'],
  components: ['layout', 'features', 'app'],
};

/** Files that may import app/: the root itself and the entry points. */
const ROOTS = ['app', 'ssr', 'explorer', 'main.tsx'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// static (import / export ... from, types too, over several lines), side-effect imports and import()
const SPECIFIERS = [
  /^[ \t]*(?:import|export)\b(?:[^;'"`]|'[^'\n]*'|"[^"\n]*")*?\bfrom\s*['"]([^'"\n]+)['"]/gm,
  /^[ \t]*import\s*['"]([^'"\n]+)['"]/gm,
  /\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
];

/** The relative specifiers of a file's imports. */
export function relativeImports(source: string): string[] {
  const found = SPECIFIERS.flatMap((re) => [...source.matchAll(re)].map((m) => m[1]));
  return [...new Set(found.filter((s) => s.startsWith('.')))];
}

const EXTENSIONS = ['', '.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'];

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return EXTENSIONS.map((ext) => base + ext).find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** The folder a file belongs to: the first segment under src, and features/<name> for a feature. */
export function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return parts[0];
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
}

interface Edge {
  from: string;
  to: string;
  specifier: string;
}

function readGraph(): { edges: Edge[]; unresolved: string[] } {
  const edges: Edge[] = [];
  const unresolved: string[] = [];
  for (const file of sourceFiles(SRC)) {
    for (const specifier of relativeImports(fs.readFileSync(file, 'utf8'))) {
      const target = resolveImport(file, specifier);
      if (!target || !target.startsWith(SRC + path.sep)) unresolved.push(`${rel(file)}: '${specifier}'`);
      else edges.push({ from: rel(file), to: rel(target), specifier });
    }
  }
  return { edges, unresolved };
}

/** Each circle of a graph (files, or folders), as its members in order (Tarjan's strongly connected components). */
function circles(edges: { from: string; to: string }[]): string[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      members.push(member);
    } while (member !== node);
    const selfImport = next.get(node)?.includes(node);
    if (members.length > 1 || selfImport) circles.push(members.reverse().join(' > '));
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return circles;
}

const describeEdge = (e: Edge) => `${e.from} imports '${e.specifier}' (${e.to})`;

describe('web/src layers', () => {
  const { edges, unresolved } = readGraph();
  const crossing = edges.filter((e) => folderOf(e.from) !== folderOf(e.to));

  it('finds the imports', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(unresolved).toEqual([]);
  });

  it('has no import circle between files', () => {
    expect(circles(edges)).toEqual([]);
  });

  it('has no import circle between folders', () => {
    expect(circles(crossing.map((e) => ({ from: folderOf(e.from), to: folderOf(e.to) })))).toEqual([]);
  });

  it('has no two folders that import each other', () => {
    const pairs = new Set(crossing.map((e) => `${folderOf(e.from)} -> ${folderOf(e.to)}`));
    const both = crossing.filter((e) => pairs.has(`${folderOf(e.to)} -> ${folderOf(e.from)}`));
    expect(both.map(describeEdge)).toEqual([]);
  });

  it('imports app/ only from the composition root and the entry points', () => {
    const intoApp = crossing.filter((e) => folderOf(e.to) === 'app' && !ROOTS.includes(folderOf(e.from)));
    expect(intoApp.map(describeEdge)).toEqual([]);
  });

  it('keeps lib/ and components/ below the layers that use them', () => {
    const upward = crossing.filter((e) => FORBIDDEN[folderOf(e.from)]?.some((f) => folderOf(e.to).split('/')[0] === f));
    expect(upward.map(describeEdge)).toEqual([]);
  });
});
