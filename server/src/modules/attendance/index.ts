/**
 * The attendance domain's public face: all that other domains, the composition root, jobs and tests may import from it
 * (eslint.config.mjs refuses an import of any other file of this folder from outside it).
 */
export { attendanceManifest } from './attendance.manifest';
export { ATTENDANCE_PAGE, AttendanceService, OwnListFilter } from './attendance.service';
export { presentAttendanceRecord, presentAttendanceStudentInfo, presentAttendanceSummary } from './attendance.shape';
export { AttendanceSummary, MyAttendance, MyAttendanceArgs } from './attendance.types';
export { attendanceRate } from './attendance.validation';
export { recordsWindow } from './attendance.window';
