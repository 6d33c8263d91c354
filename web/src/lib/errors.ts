import { CombinedGraphQLErrors } from '@apollo/client';

/**
 * The text to show for a failed call: the server's GraphQL error message when
 * there is one, otherwise the spec's fallback text for that action.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const message = error.errors.find((e) => e.message)?.message;
    if (message) return message;
  }
  return fallback;
}

/** The `extensions.code` of the first GraphQL error, if any. */
export function errorCode(error: unknown): string | undefined {
  if (CombinedGraphQLErrors.is(error)) {
    const code = error.errors[0]?.extensions?.code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** A number the server put in the first GraphQL error's `extensions` (e.g. `submissions` of a refused delete). */
export function errorCount(error: unknown, key: string): number | undefined {
  if (CombinedGraphQLErrors.is(error)) {
    const value = error.errors[0]?.extensions?.[key];
    return typeof value === 'number' ? value : undefined;
  }
  return undefined;
}
