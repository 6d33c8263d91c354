import path from 'node:path';
import madge from 'madge';

/**
 * No import circles in server/src: a circle makes load order decide whether a value is defined yet (a class
 * `undefined` in a decorator, a service list half-built). Type-only imports (`import type`) are erased by the
 * compiler, so they may close a loop (the request context's type comes from the domains' manifests); any
 * other import may not.
 */
it('server/src has no circular runtime imports', async () => {
  const src = path.resolve(__dirname, '..');
  const graph = await madge(src, {
    fileExtensions: ['ts'],
    tsConfig: path.resolve(src, '..', 'tsconfig.json'),
    detectiveOptions: { ts: { skipTypeImports: true }, es6: { skipTypeImports: true } },
  });
  const deps = graph.obj();
  // the graph really was read: the app's list reaches every domain's manifest
  expect(deps['app/modules.ts']).toEqual(expect.arrayContaining(['modules/courses/courses.module.ts', 'modules/users/users.module.ts']));
  expect(Object.keys(deps).length).toBeGreaterThan(100);
  expect(graph.circular()).toEqual([]);
}, 60_000);
