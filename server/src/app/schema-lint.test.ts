import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * graphql-schema-linter 3.0.1 with its default rules over the committed schema.graphql (issue 26): no findings.
 * Enum values are ALL_CAPS in the public schema (app/schema.ts `capitalizeEnumValues`) while the server keeps
 * the spec's words, so this also fails when a new enum slips in another spelling.
 */
const ROOT = path.resolve(__dirname, '../../..');

it('the schema passes the default rules of graphql-schema-linter with no findings', () => {
  const bin = require.resolve('graphql-schema-linter/lib/cli.js', { paths: [ROOT] });
  let out: string;
  try {
    out = execFileSync(process.execPath, [bin, '--format', 'json', path.join(ROOT, 'schema.graphql')], { cwd: ROOT, encoding: 'utf8' });
  } catch (err) {
    // the linter exits 1 when it finds something; its report is still on stdout
    out = (err as { stdout: string }).stdout;
  }
  const errors = (JSON.parse(out) as { errors: Array<{ rule: string; message: string }> }).errors;
  expect(errors.map((e) => `${e.rule}: ${e.message}`)).toEqual([]);
});
