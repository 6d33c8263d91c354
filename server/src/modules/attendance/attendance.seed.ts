import { EntityManager } from 'typeorm';
import type { DemoUsers } from '../../db/demo-types';
import { AttendanceStatus } from './attendance-status';

export const DEMO_ATTENDANCE_WEEKS = 4;

/** Notes a teacher might write; Present days mostly have none. */
const NOTES: Record<AttendanceStatus, Array<string | null>> = {
  Present: [null],
  Late: ['Arrived 10 minutes late', 'Bus was delayed', 'Late after the dentist'],
  Absent: ['Sick', 'Family appointment', null],
};

/** A fixed pattern (no randomness), so every fresh demo school and every test sees the same record. */
export function demoStatus(student: number, day: number, lesson: number): AttendanceStatus {
  const k = (student * 7 + day * 3 + lesson * 5) % 17;
  return k === 4 ? AttendanceStatus.Absent : k === 9 || k === 13 ? AttendanceStatus.Late : AttendanceStatus.Present;
}

/** The weekdays of the last `weeks` weeks before `today` (today stays unmarked for the teacher to try). */
export function demoDays(today: Date, weeks = DEMO_ATTENDANCE_WEEKS): string[] {
  const days: string[] = [];
  for (let back = weeks * 7; back >= 1; back--) {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - back));
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The demo school's attendance: a few weeks of weekdays for the students of every class and subject that
 * teacher@demo.school teaches. Runs after the academic seeder, whose allocations and placements it reads.
 */
export async function seedDemoAttendance(m: EntityManager, users: DemoUsers, today = new Date()): Promise<void> {
  const teacher = users['teacher@demo.school'];
  if (!teacher) return;
  const lessons: Array<{ class_id: string; subject_id: string; academic_year_id: string }> = await m.query(
    `SELECT al.class_id, al.subject_id, al.academic_year_id
       FROM allocations al
       JOIN allocation_teachers alt ON alt.allocation_id = al.id
      WHERE alt.teacher_id = $1
      ORDER BY al.class_id, al.subject_id`,
    [teacher.id],
  );
  const days = demoDays(today);
  for (const [lesson, l] of lessons.entries()) {
    const students: Array<{ id: string }> = await m.query(
      `SELECT id FROM users WHERE role = 'Student' AND class_id = $1 AND academic_year_id = $2 ORDER BY email`,
      [l.class_id, l.academic_year_id],
    );
    const rows: Array<[string, string, AttendanceStatus, string | null]> = [];
    students.forEach((s, si) =>
      days.forEach((day, di) => {
        const status = demoStatus(si, di, lesson);
        const notes = NOTES[status];
        rows.push([s.id, day, status, notes[(si + di) % notes.length]]);
      }),
    );
    if (rows.length === 0) continue;
    await m.query(
      `INSERT INTO attendance_records (student_id, class_id, subject_id, academic_year_id, date, status, notes, teacher_id)
       SELECT x.student_id, $5, $6, $7, x.date, x.status, x.notes, $8
         FROM unnest($1::uuid[], $2::date[], $3::text[], $4::text[]) AS x(student_id, date, status, notes)
       ON CONFLICT DO NOTHING`,
      [
        rows.map((r) => r[0]),
        rows.map((r) => r[1]),
        rows.map((r) => r[2]),
        rows.map((r) => r[3]),
        l.class_id,
        l.subject_id,
        l.academic_year_id,
        teacher.id,
      ],
    );
  }
}
