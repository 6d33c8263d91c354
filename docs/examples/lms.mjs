// The few lines every example shares: where the school is, the token, one GraphQL call, and errors a script
// can act on. Node 20 or later (fetch is built in); no packages needed.
//
//   LMS_URL    the school's address, e.g. https://lms.school.example (default http://localhost:4000)
//   LMS_TOKEN  a personal access token (Settings -> Access tokens) or an application's access token

export const LMS_URL = (process.env.LMS_URL ?? 'http://localhost:4000').replace(/\/$/, '');
const TOKEN = process.env.LMS_TOKEN;

/** An answer that carried errors: the first error's code (FORBIDDEN, VALIDATION, ...) and message. */
export class LmsError extends Error {
  constructor(code, message, status) {
    super(`${code}: ${message}`);
    this.code = code;
    this.status = status;
  }
}

/** Runs one GraphQL operation with the token; the data, or an LmsError. */
export async function gql(query, variables = {}) {
  if (!TOKEN) throw new LmsError('NO_TOKEN', 'Set LMS_TOKEN to an access token', 0);
  const res = await fetch(`${LMS_URL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json().catch(() => ({ errors: [{ message: `HTTP ${res.status}`, extensions: { code: 'HTTP' } }] }));
  if (body.errors?.length) {
    const [first] = body.errors;
    throw new LmsError(first.extensions?.code ?? 'ERROR', first.message, res.status);
  }
  return body.data;
}

/** A course you may read, by its title (course titles are what the course pages show, e.g. MATH-5A). */
export async function courseByTitle(title) {
  const courses = await walk(
    `query($first: Int, $after: String) { courses(first: $first, after: $after) {
      nodes { id title subject { name } class { id name } academicYear { year } } pageInfo { hasNextPage endCursor } } }`,
    {},
    (d) => d.courses,
    500,
  );
  const course = courses.find((c) => c.title.toLowerCase() === title.toLowerCase());
  if (!course) throw new LmsError('NOT_FOUND', `No course titled ${title} among the ${courses.length} you may read`, 404);
  return course;
}

/**
 * Every node of a paged list (a Relay connection), walking it by `first`/`after` until `pageInfo.hasNextPage` is
 * false. `query` takes `$first` and `$after`; `pick` finds the connection in the answer.
 */
export async function walk(query, variables, pick, first = 100) {
  const nodes = [];
  for (let after = null; ;) {
    const page = pick(await gql(query, { ...variables, first, after }));
    nodes.push(...page.nodes);
    if (!page.pageInfo.hasNextPage) return nodes;
    after = page.pageInfo.endCursor;
  }
}

/** Runs a script's main: prints an LmsError's code and message to stderr and exits with 1. */
export function run(main) {
  main().catch((err) => {
    console.error(err instanceof LmsError ? err.message : err);
    process.exit(1);
  });
}
