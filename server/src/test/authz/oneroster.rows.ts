import { zipOf } from '../oneroster-client';
import { Row, Vars, row, uniq } from './matrix';

/**
 * OneRoster CSV (issue 27): SuperAdmin and Admin import (preview here: a zip with only its manifest), list the
 * imports and export the zip; everyone else is refused. The OneRoster REST services under /ims are outside /api
 * and answer applications only: modules/oneroster/*.test.ts prove them as a consumer would.
 */
const manifestZip = (source: string) =>
  zipOf({ 'manifest.csv': `propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nsource.systemName,${source}\n` });

export const oneRosterRows: Row<any>[] = [
  row({
    gql: 'Mutation.importOneRoster',
    query: 'mutation($file: Upload, $input: ImportOneRosterInput!) { importOneRoster(input: $input, file: $file) { id applied } }',
    variables: () => ({ input: { apply: false } }),
    file: (v: Vars) => ({ name: 'file', filename: 'roster.zip', contentType: 'application/zip', data: v.zip }),
    rest: {
      'POST /oneroster/imports': (v: Vars) => ({
        path: '/oneroster/imports',
        multipart: [
          { name: 'apply', value: 'false' },
          { name: 'file', filename: 'roster.zip', contentType: 'application/zip', data: v.zip },
        ],
      }),
    },
    expect: { any: 'AAFFF' },
    given: async () => {
      const source = uniq('SIS');
      return { source, zip: await manifestZip(source) };
    },
    changed: async (w, v) => (await w.ds.query(`SELECT 1 FROM oneroster_imports WHERE report->>'source' = $1`, [v.source])).length > 0,
  }),
  row({
    gql: 'Query.oneRosterImports',
    query: '{ oneRosterImports { id } }',
    rest: { 'GET /oneroster/imports': () => ({ path: '/oneroster/imports' }) },
    expect: { any: 'AAFFF' },
    given: async (w) => {
      const source = uniq('SIS');
      const [{ id }] = await w.ds.query(`INSERT INTO oneroster_imports (applied, report) VALUES (false, $1) RETURNING id`, [
        JSON.stringify({ source, files: [], counts: [], problems: [], moreProblems: 0, applied: false }),
      ]);
      return { target: id };
    },
  }),
  row({
    gql: 'Query.oneRosterAddresses',
    query: '{ oneRosterAddresses { rostering } }',
    expect: { any: 'AAFFF' },
    given: async () => ({ target: '/ims/oneroster/rostering/v1p2' }),
  }),
  row({
    rest: { 'GET /oneroster/export': () => ({ path: '/oneroster/export' }) },
    expect: { any: 'AAFFF' },
    given: async () => ({}),
  }),
];
