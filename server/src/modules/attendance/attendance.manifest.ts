import { defineManifest } from '../../core/manifest';
import { Attendance1732300003000 } from './1732300003000-Attendance';
import { AttendanceRecord } from './attendance.entity';
import { AttendanceResolver, MarkAttendancePayloadResolver, MyAttendanceResolver } from './attendance.resolver';
import { AttendanceService } from './attendance.service';
import { attendanceRouter } from './attendance.rest';
import { attendanceLoaders } from './attendance.loaders';
import { seedDemoAttendance } from './attendance.seed';

/** Attendance: rosters, marking, trends. */
export const attendanceManifest = defineManifest({
  name: 'attendance',
  entities: [AttendanceRecord],
  migrations: [Attendance1732300003000],
  resolvers: [AttendanceResolver, MyAttendanceResolver, MarkAttendancePayloadResolver],
  services: (ds) => new AttendanceService(ds),
  router: attendanceRouter,
  loaders: (ds) => attendanceLoaders(ds),
  seed: (m, users) => seedDemoAttendance(m, users),
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    attendance: ReturnType<typeof attendanceManifest.services>;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the loaders' own type, merged into the registry
  interface Loaders extends ReturnType<NonNullable<typeof attendanceManifest.loaders>> {}
}
