import DataLoader from 'dataloader';
import { DataSource } from 'typeorm';
import { SheetRead } from './attendance.reads';
import { sheetReads } from './attendance.repository';

/**
 * Per request: the allocation reads of the teacher's sheet (attendanceRoster and attendanceForDate, asked side
 * by side in one query) go to PostgreSQL as one statement; each answer is still authorized on its own.
 */
export function attendanceLoaders(ds: DataSource) {
  return {
    attendanceSheets: new DataLoader<SheetRead, Awaited<ReturnType<typeof sheetReads>>[number], string>(
      (reads) => sheetReads(ds.manager, reads),
      { cacheKeyFn: (r) => `${r.kind}${r.lean ? '~' : ''}:${r.params.join('/')}` },
    ),
  };
}
