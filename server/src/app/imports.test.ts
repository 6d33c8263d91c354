import path from 'node:path';
import { execFileSync } from 'node:child_process';
import madge from 'madge';

/** Test code: a domain's tests run the composed app (app/seed, test/test-server), so the layers' rules are for the product's own files. */
const isTestCode = (file: string) => file.startsWith('test/') || /\.test(\.[a-z-]+)?\.ts$/.test(file);

/** The composition root: app/ and the process's entry point. Nothing else may import app/. */
const isRoot = (file: string) => file.startsWith('app/') || file === 'main.ts';

async function importGraph(): Promise<Record<string, string[]>> {
  const src = path.resolve(__dirname, '..');
  const graph = await madge(src, {
    fileExtensions: ['ts'],
    tsConfig: path.resolve(src, '..', 'tsconfig.json'),
    // type-only imports count: a circle of types is a circle a reader walks, even if the compiler erases it
    detectiveOptions: { ts: { skipTypeImports: false }, es6: { skipTypeImports: false } },
  });
  const deps = graph.obj();
  // the graph really was read, type imports included: the app's list reaches every domain's face, and the
  // kernel's context reaches the policies through its type-only import of Actor
  expect(deps['app/manifests.ts']).toEqual(expect.arrayContaining(['modules/courses/index.ts', 'modules/users/index.ts']));
  expect(deps['core/context.ts']).toEqual(expect.arrayContaining(['policies/index.ts']));
  expect(Object.keys(deps).length).toBeGreaterThan(100);
  circles = graph.circular();
  return deps;
}

let circles: string[][] = [];
let deps: Record<string, string[]> = {};
beforeAll(async () => {
  deps = await importGraph();
}, 60_000);

/**
 * No import circles in server/src, type imports counted (issue 29): a runtime circle makes load order decide whether
 * a value is defined yet (a class `undefined` in a decorator, a service list half-built), and a circle of types makes
 * every file in it depend on every other. The request context's types no longer come from the list of manifests:
 * each domain adds its part to the kernel's registries (core/context.ts) and the root checks them (app/services.ts).
 */
it('server/src has no import circle, type imports counted', () => {
  expect(circles).toEqual([]);
});

/** The composition root sits on top: a domain, the kernel, policies, db, errors or jobs importing app/ is a layer upside down. */
it('nothing below the composition root imports it', () => {
  const upward = Object.entries(deps).flatMap(([file, to]) =>
    isRoot(file) || isTestCode(file) ? [] : to.filter(isRoot).map((t) => `${file} -> ${t}`),
  );
  expect(upward).toEqual([]);
});

/** The kernel (core/) names no domain: what a domain needs from another comes through the context's registries. */
it('the kernel imports no domain', () => {
  const named = Object.entries(deps).flatMap(([file, to]) =>
    file.startsWith('core/') && !isTestCode(file) ? to.filter((t) => t.startsWith('modules/')).map((t) => `${file} -> ${t}`) : [],
  );
  expect(named).toEqual([]);
});

const domainOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

/**
 * Each domain has one public face, its index.ts (issue 29): every import of a domain's file from outside its folder
 * names that file, tests and the composition root included. ESLint refuses the others as they are written (below);
 * this reads what madge resolved, so a path ESLint's patterns would not see still counts.
 */
it('other folders reach a domain only through its index.ts', () => {
  const domains = new Set(Object.keys(deps).map(domainOf).filter(Boolean));
  expect(domains.size).toBeGreaterThan(20);
  for (const d of domains) expect(deps[`modules/${d}/index.ts`]).toBeDefined();
  const deep = Object.entries(deps).flatMap(([file, to]) =>
    to.filter((t) => domainOf(t) && domainOf(t) !== domainOf(file) && !t.endsWith('/index.ts')).map((t) => `${file} -> ${t}`),
  );
  expect(deep).toEqual([]);
});

/**
 * The domains import each other in one direction: what a write announces to the domains above it goes through the
 * kernel's events (core/events.ts), and a domain that needs a service of one built on it reaches it through the
 * kernel's registry. Through the faces a circle of domains would also be a circle of files, but named here by domain.
 */
it('the domains import each other in one direction', () => {
  const edges = new Map<string, Set<string>>();
  for (const [file, to] of Object.entries(deps)) {
    const from = domainOf(file);
    if (!from || isTestCode(file)) continue;
    for (const t of to) {
      const d = domainOf(t);
      if (d && d !== from) edges.set(from, (edges.get(from) ?? new Set()).add(d));
    }
  }
  const reaches = (from: string, target: string, seen = new Set<string>()): boolean =>
    [...(edges.get(from) ?? [])].some((d) => d === target || (!seen.has(d) && (seen.add(d), reaches(d, target, seen))));
  const both = [...edges].flatMap(([from, to]) => [...to].filter((d) => reaches(d, from)).map((d) => `${from} -> ${d}`));
  expect(both).toEqual([]);
  // the graph has edges to check: grading builds on submissions, which builds on assessments
  expect(reaches('grading', 'assessments')).toBe(true);
});

/**
 * The lint rule behind the faces (eslint.config.mjs) refuses a file of another domain from any file, tests included.
 * ESLint loads its config with a dynamic import, which jest's module system does not run: it runs in a node of its own.
 */
it("the lint rule refuses a domain's inner file from everywhere, and lets its face through", () => {
  const cases: Array<[string, string, number]> = [
    ['server/src/modules/auth/x.ts', "export { User } from '../users/user.entity';", 1],
    ['server/src/modules/auth/x.test.ts', "export { User } from '../users/user.entity';", 1],
    ['server/src/app/x.ts', "export { User } from '../modules/users/user.entity';", 1],
    ['server/src/test/x.ts', "export type { User } from '../modules/users/user.entity';", 1],
    ['server/src/jobs/x.ts', "import { User } from '../modules/users/user.entity';\nexport { User };", 1],
    ['server/src/modules/auth/x.ts', "export { User } from '../users';", 0],
    ['server/src/modules/auth/x.ts', "export { AUTH_TEXT } from './auth.texts';", 0],
    ['server/src/app/x.ts', "export { User } from '../modules/users';", 0],
  ];
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint();
    const out = [];
    for (const [file, code] of JSON.parse(process.argv[1])) {
      const [r] = await eslint.lintText(code, { filePath: file });
      out.push(r.messages.filter((m) => m.ruleId === 'no-restricted-imports').length);
    }
    console.log(JSON.stringify(out));`;
  const root = path.resolve(__dirname, '../../..');
  const counts = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(cases)], { cwd: root, encoding: 'utf8' }),
  ) as number[];
  expect(cases.map(([file, code], i) => [file, code, counts[i]])).toEqual(cases);
}, 60_000);
