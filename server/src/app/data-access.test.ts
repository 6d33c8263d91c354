import fs from 'node:fs';
import path from 'node:path';

const MODULES = path.resolve(__dirname, '../modules');

/** A statement run against the database: raw SQL, TypeORM's repositories, builders and manager calls, the shared row helpers. */
const STATEMENT =
  /\.query\s*[(<]|getRepository\s*\(|createQueryBuilder\s*\(|\b(?:m|manager|em|tx|ds|this\.ds|dataSource)\.(?:save|insert|update|delete|remove|findOne|findOneBy|findOneOrFail|findOneByOrFail|findBy|find|exists|existsBy|count|countBy|upsert|increment)\s*\(|\.(?:getMany|getOne|getOneOrFail|getCount|getManyAndCount|getRawMany|getRawOne|execute)\s*\(|\b(?:updateVersioned|deleteOne|holdForCopy|pageOfQuery)\s*\(/;

/** The files of a domain that may run statements: its repository, its migrations (the schema) and its demo seed. */
const mayRunStatements = (file: string) => /\.repository(\.[a-z-]+)?\.ts$/.test(file) || /^\d{13}-/.test(file) || /\.seed\.ts$/.test(file);
const isTest = (file: string) => /\.test(\.[a-z-]+)?\.ts$/.test(file);

/**
 * A domain's statements live in its repository (issue 29, step 3): `<domain>.repository.ts` (split by part as
 * `<domain>.repository.<part>.ts` when long). Its services, loaders and adapters call the repository's functions
 * and decide; they run no statement themselves (a transaction is the service's: it opens one and hands its
 * manager to the repository). Every domain has one, a new domain included.
 */
it('every domain has a repository and runs no statement outside it', () => {
  const domains = fs.readdirSync(MODULES).filter((d) => fs.statSync(path.join(MODULES, d)).isDirectory());
  const found: string[] = [];
  let withRepository = 0;
  for (const d of domains) {
    const files = fs.readdirSync(path.join(MODULES, d)).filter((f) => f.endsWith('.ts'));
    if (files.some((f) => /\.repository(\.[a-z-]+)?\.ts$/.test(f))) withRepository++;
    else found.push(`${d}: no repository`);
    for (const f of files) {
      if (mayRunStatements(f) || isTest(f)) continue;
      const lines = fs.readFileSync(path.join(MODULES, d, f), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (STATEMENT.test(line) && !line.trim().startsWith('*') && !line.trim().startsWith('//'))
          found.push(`${d}/${f}:${i + 1}: ${line.trim()}`);
      });
    }
  }
  expect(withRepository).toBe(domains.length);
  expect(found).toEqual([]);
});

it('recognises a statement in each of the forms the domains write', () => {
  for (const line of [
    'await m.query(`SELECT 1`)',
    'const rows = await this.ds.query<Row[]>(sql)',
    'm.getRepository(User).findOneBy({ id })',
    "this.ds.createQueryBuilder(Announcement, 'a')",
    'await m.save(row)',
    'await m.update(User, { id }, set)',
    'await updateVersioned(m, Discussion, id, set, version, labels)',
    '  .getMany();',
    'return pageOfQuery(qb, window);',
  ])
    expect([line, STATEMENT.test(line)]).toEqual([line, true]);
  for (const line of ['const x = list.find((y) => y.id)', 'this.ds.transaction(async (m) => run(m))', 'm.create(Announcement, fields)'])
    expect([line, STATEMENT.test(line)]).toEqual([line, false]);
});
