import { registerEnumType } from 'type-graphql';

/** assessments.md section 9; the values are the spec's words on both transports. */
export enum AttendanceStatus {
  Present = 'Present',
  Absent = 'Absent',
  Late = 'Late',
}

export const ATTENDANCE_STATUSES = Object.values(AttendanceStatus);

export function isAttendanceStatus(value: unknown): value is AttendanceStatus {
  return typeof value === 'string' && (ATTENDANCE_STATUSES as string[]).includes(value);
}

registerEnumType(AttendanceStatus, {
  name: 'AttendanceStatus',
  description: 'How a student attended one lesson day.',
  valuesConfig: {
    Present: { description: 'Attended; counts towards the attendance rate.' },
    Absent: { description: 'Did not attend.' },
    Late: { description: 'Attended late; counts towards the attendance rate.' },
  },
});
