import { describe, expect, it } from 'vitest';
import { ALL_ROLES, ROLE_LABEL } from './roles';

describe('roles in the spec’s words (issue 26)', () => {
  it('lists every role in the spec’s order with its word', () => {
    expect(ALL_ROLES).toEqual(['SUPER_ADMIN', 'ADMIN', 'TEACHER', 'STUDENT', 'PARENT']);
    expect(ALL_ROLES.map((r) => ROLE_LABEL[r])).toEqual(['SuperAdmin', 'Admin', 'Teacher', 'Student', 'Parent']);
  });
});
