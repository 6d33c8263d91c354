import { describe, expect, it } from 'vitest';
import { ACADEMIC_ROUTES, assignTeacherLink, byText, classesOfYearLink, editLink, firstLoading, teacherName } from './academicShared';

describe('academic page links (platform.md section 2)', () => {
  it('carries ids as encoded query parameters', () => {
    expect(editLink(ACADEMIC_ROUTES.subjects, 's1')).toBe('/dashboard/subject-management?edit=s1');
    expect(editLink(ACADEMIC_ROUTES.years, 'a b&c')).toBe('/dashboard/academic-year-management?edit=a%20b%26c');
    expect(classesOfYearLink('y/1')).toBe('/dashboard/class-management?year=y%2F1');
    expect(assignTeacherLink('c1', 'y1')).toBe('/dashboard/teacher-assignment?class=c1&year=y1');
  });
});

describe('byText', () => {
  const names = (list: string[]) => [...list].sort(byText((s: string) => s));

  it('compares numbers in text as numbers', () => {
    expect(names(['Grade 10', 'Grade 9', 'Grade 1'])).toEqual(['Grade 1', 'Grade 9', 'Grade 10']);
  });

  it('ignores case and accents', () => {
    const sorted = names(['beta', 'Alpha', 'alpha', 'Émile', 'Eve']);
    expect(sorted.slice(0, 2).map((s) => s.toLowerCase())).toEqual(['alpha', 'alpha']);
    expect(sorted.slice(2)).toEqual(['beta', 'Émile', 'Eve']);
    expect(byText((s: string) => s)('Émile', 'emile')).toBe(0);
  });
});

describe('small helpers', () => {
  it('is loading only until the first answer', () => {
    expect(firstLoading({ loading: true })).toBe(true);
    expect(firstLoading({ loading: true, data: { rows: [] } })).toBe(false);
    expect(firstLoading({ loading: false })).toBe(false);
  });

  it('names a teacher', () => {
    expect(teacherName({ firstName: 'Grace', lastName: 'Hopper' })).toBe('Grace Hopper');
  });
});
