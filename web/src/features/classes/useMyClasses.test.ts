import { describe, expect, it } from 'vitest';
import { groupCourses, type StudentCourse } from './useMyClasses';

const course = (id: string, year: { id: string; year: string; isActive: boolean } | null, cls: { id: string; name: string } | null) =>
  ({ id, title: `Course ${id}`, academicYear: year, class: cls }) as unknown as StudentCourse;

const y2025 = { id: 'y25', year: '2025-2026', isActive: false };
const y2026 = { id: 'y26', year: '2026-2027', isActive: true };
const c7a = { id: 'c7a', name: '7A' };
const c8a = { id: 'c8a', name: '8A' };

describe('groupCourses', () => {
  it('groups by year, then class, keeping the server’s order of courses', () => {
    const groups = groupCourses([course('1', y2026, c8a), course('2', y2025, c7a), course('3', y2026, c8a), course('4', y2026, c7a)], null);
    expect(groups.map((g) => [g.year, g.classes.map((c) => [c.className, c.courses.map((x) => x.id)])])).toEqual([
      [
        '2026-2027',
        [
          ['8A', ['1', '3']],
          ['7A', ['4']],
        ],
      ],
      ['2025-2026', [['7A', ['2']]]],
    ]);
  });

  it('marks the current year by the placement’s year when there is one, else by the active year', () => {
    const courses = [course('1', y2026, c8a), course('2', y2025, c7a)];
    expect(groupCourses(courses, 'y25').map((g) => [g.key, g.isCurrent])).toEqual([
      ['y26', false],
      ['y25', true],
    ]);
    expect(groupCourses(courses, null).map((g) => [g.key, g.isCurrent])).toEqual([
      ['y26', true],
      ['y25', false],
    ]);
  });

  it('puts courses with no year or class under Unknown', () => {
    const [group] = groupCourses([course('1', null, null)], null);
    expect(group).toMatchObject({ key: 'unknown', year: 'Unknown Year', isCurrent: false });
    expect(group.classes).toMatchObject([{ key: 'unknown', className: 'Unknown Class' }]);
  });

  it('has no groups without courses', () => {
    expect(groupCourses([], 'y26')).toEqual([]);
  });
});
