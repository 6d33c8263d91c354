import { defineModule } from '../../app/module';
import { Attendance1732300003000 } from '../../db/migrations/1732300003000-Attendance';
import { AttendanceRecord } from './attendance.entity';
import { AttendanceResolver, MarkAttendancePayloadResolver, MyAttendanceResolver } from './attendance.resolver';
import { AttendanceService } from './attendance.service';
import { attendanceRouter } from './attendance.rest';
import { attendanceLoaders } from './attendance.loaders';
import { seedDemoAttendance } from './attendance.seed';

/** Attendance: rosters, marking, trends. */
export const attendanceModule = defineModule({
  name: 'attendance',
  entities: [AttendanceRecord],
  migrations: [Attendance1732300003000],
  resolvers: [AttendanceResolver, MyAttendanceResolver, MarkAttendancePayloadResolver],
  services: (ds) => new AttendanceService(ds),
  router: attendanceRouter,
  loaders: (ds) => attendanceLoaders(ds),
  seed: (m, users) => seedDemoAttendance(m, users),
});
