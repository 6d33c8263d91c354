import type { TestServer } from './test-server';

/** An application registered by `adminToken` (SuperAdmin or Admin), with its client id and the secret shown once. */
export async function registerApplication(t: TestServer, adminToken: string, scopes: string[], allowedIpRanges?: string[]) {
  const res = await t.gql(
    'mutation($input: CreateApplicationInput!) { createApplication(input: $input) { clientSecret application { id clientId scopes allowedIpRanges active } } }',
    { input: { name: `App ${Math.random().toString(36).slice(2)}`, scopes, allowedIpRanges } },
    adminToken,
  );
  if (res.errors) throw new Error(`createApplication failed: ${JSON.stringify(res.errors)}`);
  const { application, clientSecret } = res.data.createApplication;
  return { id: application.id as string, clientId: application.clientId as string, secret: clientSecret as string, application };
}

export interface TokenCall {
  /** HTTP Basic client authentication: [client id, secret]. */
  basic?: [string, string];
  form: Record<string, string>;
}

/** POST /oauth/token as a client sends it: a form body, the credentials form-urlencoded into HTTP Basic. */
export async function tokenCall(t: TestServer, { basic, form }: TokenCall) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic)
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(basic[0])}:${encodeURIComponent(basic[1])}`).toString('base64')}`;
  const res = await fetch(`${t.url}/oauth/token`, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

/** An access token of the client (all its scopes, or `scope`); fails the test unless the endpoint gives one. */
export async function clientToken(t: TestServer, app: { clientId: string; secret: string }, scope?: string): Promise<string> {
  const res = await tokenCall(t, {
    basic: [app.clientId, app.secret],
    form: { grant_type: 'client_credentials', ...(scope ? { scope } : {}) },
  });
  if (res.status !== 200) throw new Error(`/oauth/token answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}
