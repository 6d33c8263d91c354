import yazl from 'yazl';
import type { TestServer } from './test-server';
import { sqlCounts } from '../app/app';

/** What a OneRoster consumer sees of one call (status, headers, the JSON body), and the statements it cost. */
export interface OrAnswer {
  status: number;
  headers: Headers;
  body: any;
  sql: number;
}

/**
 * A third-party consumer: registers an application (as the school's Admin would, in Settings -> Integrations),
 * takes a token from POST /oauth/token with HTTP Basic client credentials, and calls /ims/oneroster over HTTP.
 */
export async function consumer(t: TestServer, adminToken: string, scopes: string[]) {
  const made = await t.gql(
    'mutation($input: CreateApplicationInput!) { createApplication(input: $input) { clientSecret application { clientId } } }',
    { input: { name: `OneRoster consumer ${Math.random()}`, scopes } },
    adminToken,
  );
  const { clientSecret, application } = made.data.createApplication;
  const res = await fetch(`${t.url}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${application.clientId}:${clientSecret}`).toString('base64')}`,
    },
    body: 'grant_type=client_credentials',
  });
  const token = ((await res.json()) as { access_token: string }).access_token;
  return {
    token,
    async call(method: string, path: string, body?: unknown, bearer: string | null = token): Promise<OrAnswer> {
      const r = await fetch(`${t.url}/ims/oneroster${path}`, {
        method,
        headers: {
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await r.text();
      return {
        status: r.status,
        headers: r.headers,
        body: text ? JSON.parse(text) : null,
        sql: sqlCounts.get(r.headers.get('x-request-id') ?? '')?.lookups ?? -1,
      };
    },
  };
}

/** The imsx_StatusInfo payload the specification gives every refusal. */
export const imsx = (codeMinor: string) => ({
  imsx_codeMajor: 'failure',
  imsx_severity: 'error',
  imsx_description: expect.any(String),
  imsx_CodeMinor: { imsx_codeMinorField: [{ imsx_codeMinorFieldName: 'TargetEndSystem', imsx_codeMinorFieldValue: codeMinor }] },
});

/** A zip of the given files, as a SIS would send it (yazl only packs: the CSV text is the caller's). */
export async function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.isBuffer(text) ? text : Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
