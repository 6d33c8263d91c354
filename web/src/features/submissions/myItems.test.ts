import { describe, expect, it } from 'vitest';
import { STUDENT_KINDS } from './studentKinds';
import { groupItems, openPath, pointsText, scoreText, statusLabel, type MyItem } from './myItems';

function item(id: string, year: string, cls: string, subject: string, active = true): MyItem {
  return {
    id,
    course: {
      academicYear: { id: `y-${year}`, year, isActive: active },
      class: { id: `c-${cls}`, name: cls },
      subject: { id: `s-${subject}`, name: subject },
    },
  } as unknown as MyItem;
}

describe('my items', () => {
  it('groups by year, class and subject in the server’s order, marking the current ones', () => {
    const years = groupItems(
      [
        item('1', '2026', '7A', 'Maths'),
        item('2', '2026', '7A', 'Art'),
        item('3', '2025', '6A', 'Maths', false),
        item('4', '2026', '7A', 'Maths'),
      ],
      'c-7A',
    );
    expect(years.map((y) => [y.year, y.isCurrent])).toEqual([
      ['2026', true],
      ['2025', false],
    ]);
    expect(years[0].classes[0].isCurrent).toBe(true);
    expect(years[1].classes[0].isCurrent).toBe(false);
    expect(years[0].classes[0].subjects.map((s) => [s.name, s.items.map((i) => i.id)])).toEqual([
      ['Maths', ['1', '4']],
      ['Art', ['2']],
    ]);
  });

  it('opens the view page only where the server says so, the list and the course page each by their own rule', () => {
    const status = { opensOn: 'VIEW', courseOpensOn: 'SUBMIT' } as const;
    const kind = STUDENT_KINDS.assignment;
    expect(openPath(kind, 'a1', status)).toBe('/dashboard/assignments/a1/view');
    expect(openPath(kind, 'a1', status, 'course')).toBe('/dashboard/assignments/a1/submit');
    expect(openPath(kind, 'a1', null)).toBe('/dashboard/assignments/a1/submit');
    expect(statusLabel(null)).toBe('Pending');
  });

  it('writes points and scores with two decimals at most', () => {
    expect(pointsText(1)).toBe('1 point');
    expect(pointsText(2.5)).toBe('2.5 points');
    expect(scoreText({ totalScore: 7.256, maxScore: 10, percentage: 73 })).toBe('7.26/10 (73%)');
  });
});
