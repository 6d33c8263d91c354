import type { ImportUserRowInput } from '../../gql/types';

/** The most users one file may hold (the server refuses more). */
export const MAX_IMPORT_ROWS = 1000;
/** Files larger than this are refused before they are read. */
export const MAX_IMPORT_BYTES = 1024 * 1024;

const COLUMNS: Record<string, keyof ImportUserRowInput> = {
  firstname: 'firstName',
  givenname: 'firstName',
  lastname: 'lastName',
  familyname: 'lastName',
  surname: 'lastName',
  email: 'email',
  emailaddress: 'email',
  role: 'role',
  parentemails: 'parentEmails',
  parents: 'parentEmails',
  childemails: 'childEmails',
  children: 'childEmails',
};

export type ParsedFile = { rows: ImportUserRowInput[] } | { error: string };

/**
 * Reads a CSV file of users (a header row naming firstName, lastName, email and role, in any order and case,
 * with or without spaces; optionally parentEmails on Student rows or childEmails on Parent rows, ';'-separated). papaparse is loaded only here, when a file is chosen, so no page carries it before.
 */
export async function parseUsersCsv(file: File): Promise<ParsedFile> {
  if (file.size > MAX_IMPORT_BYTES) return { error: 'The file is too large (at most 1 MB).' };
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<Record<string, string>>(await file.text(), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => COLUMNS[h.toLowerCase().replace(/[^a-z]/g, '')] ?? h,
  });
  const fields = parsed.meta.fields ?? [];
  const missing = ['firstName', 'lastName', 'email', 'role'].filter((f) => !fields.includes(f));
  if (missing.length)
    return { error: `The file needs a header row with the columns firstName, lastName, email and role (missing: ${missing.join(', ')}).` };
  if (parsed.data.length === 0) return { error: 'The file has no users.' };
  if (parsed.data.length > MAX_IMPORT_ROWS)
    return { error: `A file may hold at most ${MAX_IMPORT_ROWS} users; this one has ${parsed.data.length}.` };
  return {
    rows: parsed.data.map((r) => ({
      firstName: r.firstName ?? '',
      lastName: r.lastName ?? '',
      email: r.email ?? '',
      role: (r.role ?? '').trim(),
      // family links (issue 17): sent only when the file has the column, so plain files stay as they were
      ...(r.parentEmails ? { parentEmails: r.parentEmails } : {}),
      ...(r.childEmails ? { childEmails: r.childEmails } : {}),
    })),
  };
}
