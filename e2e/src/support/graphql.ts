import { baseUrl } from './env';

export interface GraphQLAnswer<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

/** A GraphQL call from the test process (not the browser), with an optional bearer token. */
export async function graphql<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  token?: string | null,
): Promise<GraphQLAnswer<T>> {
  const res = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as Omit<GraphQLAnswer<T>, 'status'>;
  return { status: res.status, ...body };
}

export function errorCodes(answer: GraphQLAnswer): string[] {
  return (answer.errors ?? []).map((e) => e.extensions?.code ?? '(no code)');
}
