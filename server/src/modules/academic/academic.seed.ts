import { EntityManager } from 'typeorm';
import type { DemoSeeder, DemoUsers } from '../../db/demo-types';
import { User } from '../users';
import { AcademicYear } from './academic-year.entity';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';
import { Allocation } from './allocation.entity';

const SUBJECTS = ['Mathematics', 'English', 'Science', 'History', 'Art'];

/** Demo school: who teaches what where (class name in 2026 -> subject -> teacher emails). */
const ALLOCATIONS: Array<[string, string, string[]]> = [
  ['Class 5A', 'Mathematics', ['teacher@demo.school']],
  ['Class 5A', 'Science', ['teacher@demo.school']],
  ['Class 5B', 'English', ['teacher@demo.school']],
  ['Class 5A', 'English', ['teacher2@demo.school']],
  ['Class 5A', 'History', ['teacher2@demo.school']],
  ['Class 6A', 'Art', ['teacher2@demo.school']],
];

/**
 * The demo school's academic structure: 2025 (inactive) and 2026 (active), four classes, five subjects,
 * both demo teachers assigned, and both demo students placed in Class 5A 2026. Later seeders (courses,
 * attendance) find these rows by name.
 */
export const academicSeeder: DemoSeeder = async (m: EntityManager, users: DemoUsers) => {
  const [y2025, y2026] = await m.save(AcademicYear, [
    m.create(AcademicYear, { year: '2025', isActive: false }),
    m.create(AcademicYear, { year: '2026', isActive: true }),
  ]);
  const classes = await m.save(SchoolClass, [
    m.create(SchoolClass, { name: 'Class 5A', grade: '5', academicYearId: y2026.id, description: 'Grade 5, section A' }),
    m.create(SchoolClass, { name: 'Class 5B', grade: '5', academicYearId: y2026.id, description: 'Grade 5, section B' }),
    m.create(SchoolClass, { name: 'Class 6A', grade: '6', academicYearId: y2026.id, description: 'Grade 6, section A' }),
    m.create(SchoolClass, { name: 'Class 5A', grade: '5', academicYearId: y2025.id, description: "Last year's Grade 5, section A" }),
  ]);
  const class2026 = (name: string) => classes.find((c) => c.name === name && c.academicYearId === y2026.id)!;
  const subjects = await m.save(
    Subject,
    SUBJECTS.map((name) => m.create(Subject, { name, description: `${name} for all grades` })),
  );
  const subject = (name: string) => subjects.find((s) => s.name === name)!;

  for (const [className, subjectName, teachers] of ALLOCATIONS) {
    const a = await m.save(
      m.create(Allocation, {
        classId: class2026(className).id,
        subjectId: subject(subjectName).id,
        academicYearId: y2026.id,
      }),
    );
    await m.query('INSERT INTO allocation_teachers (allocation_id, teacher_id) SELECT $1, unnest($2::uuid[])', [
      a.id,
      teachers.map((email) => users[email].id),
    ]);
  }

  for (const email of ['student@demo.school', 'student2@demo.school']) {
    await m.update(User, { id: users[email].id }, { classId: class2026('Class 5A').id, academicYearId: y2026.id });
    users[email].classId = class2026('Class 5A').id;
    users[email].academicYearId = y2026.id;
  }
};
