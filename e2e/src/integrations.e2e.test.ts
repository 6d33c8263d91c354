/**
 * Integrations in the browser (issue 26): a teacher makes a read-only access token under Settings -> Access
 * tokens, sees its secret once, uses it from a script (refused a write), sees when it was last used and revokes
 * it; an Admin registers an application under Settings -> Integrations, gets a token for it at /oauth/token with
 * the secret shown once, rotates and revokes it; a Student has no Integrations page.
 */
import type { Page } from 'playwright-core';
import { DEMO, login } from './support/auth';
import { assert, exactLabel, expectNotVisible, expectPath, expectVisible, eventually } from './support/expect';
import { e2e } from './support/fixture';
import { baseUrl } from './support/env';
import { stamp } from './support/school';

const acceptDialogs = (page: Page) => page.on('dialog', (d) => void d.accept());

async function openSettingsLink(page: Page, name: 'Access tokens' | 'Integrations'): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('link', { name, exact: true }).click();
}

const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });

describe('Integrations', () => {
  e2e('a teacher makes a read token, sees it once, uses it, sees it used and revokes it', async ({ page, a11y }) => {
    acceptDialogs(page);
    await login(page, DEMO.teacher.email);
    await openSettingsLink(page, 'Access tokens');
    await expectPath(page, '/settings/access-tokens');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Access tokens' }));
    await a11y('Access tokens');

    const name = `Nightly export ${stamp()}`;
    await page.getByRole('button', { name: 'New token', exact: true }).click();
    await page.getByLabel(exactLabel('Name')).fill(name);
    await a11y('New access token dialog');
    await page.getByRole('button', { name: 'Create token', exact: true }).click();
    const secretField = page.getByTestId('secret-token');
    await expectVisible(secretField, 'the new secret, shown once');
    const secret = await secretField.inputValue();
    assert(/^lmspat_/.test(secret), `the secret should be a personal access token, got ${secret.slice(0, 10)}`);
    const row = page.getByRole('list', { name: 'Your tokens' }).getByRole('listitem').filter({ hasText: name });
    await expectVisible(row.getByText('Never used'), 'a new token was never used');
    await expectVisible(row.getByText('Read only', { exact: true }));

    // the script's side: reads work, writes are refused
    assert((await api('/api/courses', secret)).status === 200, 'a read token reads');
    const write = await api('/api/announcements', secret, {
      method: 'POST',
      body: JSON.stringify({ course: 'x', title: 'x', content: 'x' }),
    });
    assert(write.status === 403, `a read token is refused a write, got ${write.status}`);

    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await expectNotVisible(secretField, 'the secret is gone after Done');
    await page.reload();
    await expectVisible(row.getByText(/Last used /), 'the token was used');
    assert(!(await page.content()).includes(secret), 'the secret should never be shown again');

    await row.getByRole('button', { name: `Revoke the token ${name}` }).click();
    await expectNotVisible(row, 'the revoked token leaves the list');
    await eventually(
      async () => (await api('/api/courses', secret)).status,
      (s) => s === 401,
      'the revoked token is refused',
    );
  });

  e2e('an Admin registers an application, gets a token with its secret, rotates and revokes it', async ({ page, a11y }) => {
    acceptDialogs(page);
    await login(page, DEMO.admin.email);
    await openSettingsLink(page, 'Integrations');
    await expectPath(page, '/settings/integrations');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Integrations' }));

    const name = `SIS ${stamp()}`;
    await page.getByRole('button', { name: 'Register application', exact: true }).click();
    await page.getByLabel(exactLabel('Name')).fill(name);
    await page.getByRole('checkbox', { name: 'gradebook.readonly', exact: true }).check();
    await a11y('Register application dialog');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const clientId = await page.getByTestId('secret-client-id').inputValue();
    const secret = await page.getByTestId('secret-client-secret').inputValue();
    const tokenFor = (s: string) =>
      fetch(`${baseUrl()}/oauth/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${clientId}:${s}`).toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
      });
    const first = await tokenFor(secret);
    assert(first.status === 200, `the client credentials get a token, got ${first.status}`);
    await a11y('Integrations with new credentials');
    await page.getByRole('button', { name: 'Done', exact: true }).click();

    const row = page.getByRole('list', { name: 'Applications' }).getByRole('listitem').filter({ hasText: name });
    await row.getByRole('button', { name: `Rotate secret of ${name}` }).click();
    const rotated = page.getByTestId('secret-client-secret');
    await eventually(
      () => rotated.inputValue(),
      (v) => v.startsWith('lmscs_') && v !== secret,
      'a new secret after Rotate',
    );
    assert((await tokenFor(secret)).status === 401, 'the old secret stops at once');
    assert((await tokenFor(await rotated.inputValue())).status === 200, 'the new secret works');
    await page.getByRole('button', { name: 'Done', exact: true }).click();

    await row.getByRole('button', { name: `Revoke the secret of ${name}` }).click();
    await expectVisible(row.getByText('Revoked', { exact: true }), 'the application shows as revoked');
  });

  e2e('a Student has access tokens but no Integrations page', async ({ page }) => {
    await login(page, DEMO.student.email);
    await page.goto('/settings');
    await expectVisible(page.getByRole('link', { name: 'Access tokens', exact: true }));
    await expectNotVisible(page.getByRole('link', { name: 'Integrations', exact: true }), 'Integrations is for SuperAdmin and Admin');
    await page.goto('/settings/integrations');
    await expectPath(page, '/unauthorized');
  });
});
