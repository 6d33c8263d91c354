import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, parseUsersCsv } from './csvUsers';

const csv = (text: string, name = 'users.csv') => new File([text], name, { type: 'text/csv' });

describe('parseUsersCsv', () => {
  it('reads the four columns into rows, in the file’s order', async () => {
    const result = await parseUsersCsv(
      csv('firstName,lastName,email,role\nAda,Lovelace,ada@example.com,Student\nAlan,Turing,alan@example.com,Teacher\n'),
    );
    expect(result).toEqual({
      rows: [
        { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'Student' },
        { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com', role: 'Teacher' },
      ],
    });
  });

  it('names the columns in any order and case, with spaces and other spellings', async () => {
    const result = await parseUsersCsv(csv('E-mail Address,ROLE,Surname,Given Name\nada@example.com, Student ,Lovelace,Ada\n'));
    // the role is trimmed; the other cells are sent as written
    expect(result).toEqual({ rows: [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'Student' }] });
  });

  it('sends the family links only where a row has them (issue 17)', async () => {
    const result = await parseUsersCsv(
      csv(
        'firstName,lastName,email,role,parentEmails,childEmails\nAda,L,ada@example.com,Student,p1@example.com;p2@example.com,\nPam,P,pam@example.com,Parent,,ada@example.com\n',
      ),
    );
    expect(result).toEqual({
      rows: [
        { firstName: 'Ada', lastName: 'L', email: 'ada@example.com', role: 'Student', parentEmails: 'p1@example.com;p2@example.com' },
        { firstName: 'Pam', lastName: 'P', email: 'pam@example.com', role: 'Parent', childEmails: 'ada@example.com' },
      ],
    });
  });

  it('reads the Parents and Children spellings of the link columns', async () => {
    const result = await parseUsersCsv(csv('firstName,lastName,email,role,Parents\nAda,L,ada@example.com,Student,p@example.com\n'));
    expect(result).toEqual({
      rows: [{ firstName: 'Ada', lastName: 'L', email: 'ada@example.com', role: 'Student', parentEmails: 'p@example.com' }],
    });
  });

  it('skips blank lines, also those of only commas', async () => {
    const result = await parseUsersCsv(csv('firstName,lastName,email,role\n\nAda,L,ada@example.com,Student\n , , , \n\n'));
    expect(result).toEqual({ rows: [{ firstName: 'Ada', lastName: 'L', email: 'ada@example.com', role: 'Student' }] });
  });

  it('gives empty cells for a short row, for the server to refuse by row', async () => {
    const result = await parseUsersCsv(csv('firstName,lastName,email,role\nAda,L\n'));
    expect(result).toEqual({ rows: [{ firstName: 'Ada', lastName: 'L', email: '', role: '' }] });
  });

  it('names the missing columns of the header', async () => {
    expect(await parseUsersCsv(csv('first name,email\nAda,ada@example.com\n'))).toEqual({
      error: 'The file needs a header row with the columns firstName, lastName, email and role (missing: lastName, role).',
    });
  });

  it('refuses an empty file and a file with a header only', async () => {
    expect(await parseUsersCsv(csv(''))).toEqual({
      error:
        'The file needs a header row with the columns firstName, lastName, email and role (missing: firstName, lastName, email, role).',
    });
    expect(await parseUsersCsv(csv('firstName,lastName,email,role\n'))).toEqual({ error: 'The file has no users.' });
  });

  it('refuses more than 1000 users, and takes exactly 1000', async () => {
    const row = 'A,B,a@example.com,Student\n';
    const header = 'firstName,lastName,email,role\n';
    expect(MAX_IMPORT_ROWS).toBe(1000);
    const full = await parseUsersCsv(csv(header + row.repeat(1000)));
    expect('rows' in full && full.rows.length).toBe(1000);
    expect(await parseUsersCsv(csv(header + row.repeat(1001)))).toEqual({
      error: 'A file may hold at most 1000 users; this one has 1001.',
    });
  });

  it('refuses a file over 1 MB before reading it', async () => {
    const big = csv('x'.repeat(MAX_IMPORT_BYTES + 1));
    expect(await parseUsersCsv(big)).toEqual({ error: 'The file is too large (at most 1 MB).' });
    const header = 'firstName,lastName,email,role\nA,B,a@example.com,Student\n';
    // exactly 1 MB is read (the padding is a blank line, skipped)
    const exact = csv(header + ' '.repeat(MAX_IMPORT_BYTES - header.length));
    expect(exact.size).toBe(MAX_IMPORT_BYTES);
    expect(await parseUsersCsv(exact)).toEqual({ rows: [{ firstName: 'A', lastName: 'B', email: 'a@example.com', role: 'Student' }] });
  });
});
