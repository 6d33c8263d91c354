import { describe, expect, it } from 'vitest';
import { ALL_ROLES } from '../lib/roles';
import { SIDEBAR_ITEMS, isNavGroup, type NavItem, type NavLink } from './sidebarItems';

const links = (items: NavItem[]): NavLink[] => items.flatMap((i) => (isNavGroup(i) ? i.children : [i]));

describe('sidebar entries by role (spec section 6)', () => {
  it('tells a group from a link', () => {
    expect(isNavGroup({ label: 'Assessments', children: [] })).toBe(true);
    expect(isNavGroup({ label: 'Dashboard', to: '/dashboard' })).toBe(false);
  });

  it('gives every role a list that starts at its dashboard, each link under /dashboard', () => {
    for (const role of ALL_ROLES) {
      const items = SIDEBAR_ITEMS[role];
      expect(items[0]).toMatchObject({ to: '/dashboard' });
      for (const link of links(items)) expect(link.to).toMatch(/^\/dashboard(\/|\?|$)/);
    }
  });

  it('has no label twice at one level of a role’s list', () => {
    for (const role of ALL_ROLES) {
      const top = SIDEBAR_ITEMS[role].map((i) => i.label);
      expect(new Set(top).size).toBe(top.length);
      for (const group of SIDEBAR_ITEMS[role].filter(isNavGroup)) {
        const inner = group.children.map((c) => c.label);
        expect(new Set(inner).size).toBe(inner.length);
      }
    }
  });

  it('opens the role switcher from SuperAdmin’s Impersonate Role only', () => {
    const switchers = ALL_ROLES.flatMap((role) =>
      links(SIDEBAR_ITEMS[role])
        .filter((l) => l.opensRoleSwitcher)
        .map((l) => `${role}: ${l.label}`),
    );
    expect(switchers).toEqual(['SUPER_ADMIN: Impersonate Role']);
  });

  it('groups a student’s assessments under Assessments', () => {
    const group = SIDEBAR_ITEMS.STUDENT.find((i) => i.label === 'Assessments');
    expect(group && isNavGroup(group) && group.children.map((c) => c.to)).toEqual([
      '/dashboard/assignments',
      '/dashboard/exams',
      '/dashboard/quizzes',
    ]);
  });

  it('sends a parent’s Attendance to the child page’s Attendance tab (issue 17)', () => {
    expect(links(SIDEBAR_ITEMS.PARENT).find((l) => l.label === 'Attendance')?.to).toBe('/dashboard/child-overview?tab=Attendance');
  });
});
