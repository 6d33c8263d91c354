import { Foundation1732300000000 } from './1732300000000-Foundation';
import { Academic1732300001000 } from './1732300001000-Academic';
import { Courses1732300002000 } from './1732300002000-Courses';
import { Attendance1732300003000 } from './1732300003000-Attendance';
import { UserNameIndex1732300004000 } from './1732300004000-UserNameIndex';

/** In order; the database records which ran. */
export const migrations = [Foundation1732300000000, Academic1732300001000, Courses1732300002000, Attendance1732300003000, UserNameIndex1732300004000];
