import fs from 'node:fs';
import path from 'node:path';
import { schemaText } from './schema';

/** Writes schema.graphql at the repository root; with --check, fails when the committed one is stale. */
async function main() {
  const file = path.resolve(__dirname, '..', '..', '..', 'schema.graphql');
  const text = await schemaText();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (current !== text) {
      console.error('schema.graphql is stale: run `pnpm codegen` and commit the result');
      process.exit(1);
    }
    console.log('schema.graphql is up to date');
    return;
  }
  fs.writeFileSync(file, text);
  console.log(`wrote ${file}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
