import { EntityManager } from 'typeorm';
import type { DemoUsers } from '../../db/demo-types';

/** The demo school's family: parent@demo.school follows student@demo.school, so the parent's pages show a real child. */
export async function seedDemoFamilies(m: EntityManager, users: DemoUsers): Promise<void> {
  const parent = users['parent@demo.school'];
  const student = users['student@demo.school'];
  if (!parent || !student) return;
  await m.query(`INSERT INTO parent_students (parent_id, student_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [parent.id, student.id]);
}
