import { Foundation1732300000000 } from './1732300000000-Foundation';

/** In order; the database records which ran. */
export const migrations = [Foundation1732300000000];
