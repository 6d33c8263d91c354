// Public enum values are ALL_CAPS in the schema (issue 26: server/src/app/schema.ts enumValueName), while the
// database keeps the spec's words ('SuperAdmin', 'whole_class', 'dueSoon', 'Present'). The floors answer what the
// app answers, so each enum column they put in a GraphQL answer goes through the same rule, written once here.

/** `SuperAdmin` -> `SUPER_ADMIN`, `LongAnswer` -> `LONG_ANSWER`, `graded` -> `GRADED`, `PDF` stays: in SQL, on a column or expression. */
export const GQL_ENUM = (col) => `upper(regexp_replace(${col}, '([[:lower:][:digit:]])([[:upper:]])', '\\1_\\2', 'g'))`;

/** The same rule in JavaScript, for values the floors write as literals. */
export const enumValueName = (word) => word.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

/** The spec's word of an enum value the app was sent (a GraphQL variable), so SQL can compare it with the stored word; null when none matches. */
export const specWord = (value, words) => words.find((w) => enumValueName(w) === value) ?? null;
