import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * graphql-schema-linter 3.0.1 with its default rules over the committed schema.graphql (issue 26). Every rule
 * but one reports nothing. The exception is recorded, not hidden: 42 enum values still carry the spec's words
 * (SuperAdmin, whole_class, Present) instead of GraphQL's ALL_CAPS; renaming them in the public schema, with the
 * REST edge and the web keeping the spec's words, is the step left to do. This test fails on any other finding
 * and on any change in that number, so nothing new slips in meanwhile.
 */
const ROOT = path.resolve(__dirname, '../../..');
const LEFT_TO_RENAME = 42;

it('the schema passes the default rules of graphql-schema-linter, but for the enum values left to rename', () => {
  const bin = require.resolve('graphql-schema-linter/lib/cli.js', { paths: [ROOT] });
  let out: string;
  try {
    out = execFileSync(process.execPath, [bin, '--format', 'json', path.join(ROOT, 'schema.graphql')], { cwd: ROOT, encoding: 'utf8' });
  } catch (err) {
    // the linter exits 1 when it finds something; its report is still on stdout
    out = (err as { stdout: string }).stdout;
  }
  const errors = (JSON.parse(out) as { errors: Array<{ rule: string; message: string }> }).errors;
  expect(errors.filter((e) => e.rule !== 'enum-values-all-caps').map((e) => e.message)).toEqual([]);
  expect(errors.filter((e) => e.rule === 'enum-values-all-caps')).toHaveLength(LEFT_TO_RENAME);
});
