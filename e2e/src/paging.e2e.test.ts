/**
 * The web client pages by cursor (issue 26): the users table walks its pages with first/after, one GraphQL
 * request per page, and each page shows rows no other page showed.
 */
import { DEMO, login } from './support/auth';
import { assert, exactLabel, expectPath } from './support/expect';
import { e2e } from './support/fixture';
import { graphql } from './support/graphql';
import { apiToken, stamp } from './support/school';
import { countWhile, expectOne, graphqlRequests } from './support/requests';

describe('paging in the web client', () => {
  e2e('the users table walks 25 matches 10 at a time, one request a page, no row twice, and back again', async ({ page }) => {
    const tag = `pg${stamp()}`;
    const token = await apiToken(DEMO.admin.email);
    const rows = Array.from({ length: 25 }, (_, i) => ({
      firstName: `Page${String(i).padStart(2, '0')}`,
      lastName: tag,
      email: `${tag}-${i}@demo.school`,
      role: 'Parent',
    }));
    const made = await graphql<{ importUsers: { createdCount: number } }>(
      'mutation($input: ImportUsersInput!) { importUsers(input: $input) { createdCount } }',
      { input: { rows } },
      token,
    );
    assert(made.data?.importUsers.createdCount === 25, `25 users imported: ${JSON.stringify(made.errors ?? made.data)}`);

    const requests = graphqlRequests(page);
    await login(page, DEMO.admin.email);
    await page.goto('/dashboard/users');
    await expectPath(page, '/dashboard/users');
    await page.getByLabel(exactLabel('Search users')).fill(tag);
    const table = page.getByRole('table');
    const shownNames = async () => (await table.getByRole('cell', { name: /^Page\d\d / }).allInnerTexts()).map((t) => t.trim());
    await table.getByRole('cell', { name: /^Page00 / }).waitFor();
    await requests.settled();

    await page.getByLabel(/Rows per page/).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await table.getByRole('cell', { name: /^Page00 / }).waitFor();
    await requests.settled();
    const seen = [await shownNames()];
    await page.getByText('1–10 of 25').waitFor();

    for (const [from, first] of [
      [11, 'Page10'],
      [21, 'Page20'],
    ] as const) {
      const sent = await countWhile(
        requests,
        () => page.getByRole('button', { name: 'Go to next page' }).click(),
        () => table.getByRole('cell', { name: new RegExp(`^${first} `) }).waitFor(),
      );
      expectOne(sent, `page ${from}`);
      await page.getByText(`${from}–${Math.min(from + 9, 25)} of 25`).waitFor();
      seen.push(await shownNames());
    }
    expect(seen.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(new Set(seen.flat()).size).toBe(25);

    await page.getByRole('button', { name: 'Go to previous page' }).click();
    await table.getByRole('cell', { name: /^Page10 / }).waitFor();
    expect(await shownNames()).toEqual(seen[1]);
  });
});
