/**
 * `SuperAdmin`, `whole_class`, `dueSoon` -> `SUPER_ADMIN`, `WHOLE_CLASS`, `DUE_SOON`: GraphQL's convention for
 * enum values. The public schema spells every enum value so (app/schema.ts); the server keeps the spec's words.
 */
export function enumValueName(word: string): string {
  return word.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}
