import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer } from '../test/test-server';

/**
 * GET /graphql in a browser: our bundled explorer when GRAPHQL_EXPLORER is on (the default), never Apollo's
 * landing page (Apollo Sandbox from a CDN, with telemetry); off, nothing but GraphQL answers there.
 * The browser test (e2e/src/explorer.e2e.test.ts) loads the real build with the network cut off.
 */
function fakeBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-web-'));
  fs.mkdirSync(path.join(dist, 'explorer', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<html>app</html>');
  fs.writeFileSync(path.join(dist, 'explorer', 'index.html'), '<html>explorer</html>');
  fs.writeFileSync(path.join(dist, 'explorer', 'assets', 'main-abc.js'), 'console.log(1)');
  return dist;
}

const page = (url: string) => fetch(`${url}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

describe('the GraphQL explorer', () => {
  it('is served to a browser with its files, and a script asking for JSON gets GraphQL', async () => {
    const t = await startTestServer({ WEB_DIST: fakeBuild() });
    try {
      const res = await page(t.url);
      expect([res.status, await res.text(), res.headers.get('content-security-policy')]).toEqual([
        200,
        '<html>explorer</html>',
        expect.stringContaining("script-src 'self'"),
      ]);
      const asset = await fetch(`${t.url}/graphql/explorer/assets/main-abc.js`);
      expect([asset.status, asset.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
      const json = await fetch(`${t.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
        headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
      });
      expect(await json.json()).toEqual({ data: { __typename: 'Query' } });
    } finally {
      await t.close();
    }
  });

  it('GRAPHQL_EXPLORER=false: no explorer and no landing page, only GraphQL', async () => {
    const t = await startTestServer({ WEB_DIST: fakeBuild(), GRAPHQL_EXPLORER: 'false' });
    try {
      const res = await page(t.url);
      const text = await res.text();
      expect(res.status).toBe(400);
      expect(text).not.toMatch(/explorer|apollographql|embeddable-sandbox|<html/i);
      expect((await fetch(`${t.url}/graphql/explorer/assets/main-abc.js`)).status).not.toBe(200);
    } finally {
      await t.close();
    }
  });
});
