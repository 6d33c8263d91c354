import path from 'node:path';
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
  // the graph really was read, type imports included: the app's list reaches every domain's manifest, and the
  // kernel's context reaches the policies through its type-only import of Actor
  expect(deps['app/manifests.ts']).toEqual(
    expect.arrayContaining(['modules/courses/courses.manifest.ts', 'modules/users/users.manifest.ts']),
  );
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
