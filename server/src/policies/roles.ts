import { Role } from '../core/role';

const { SuperAdmin, Admin, Teacher, Student, Parent } = Role;

/** platform.md section 6: which roles a user of one role may give to new users. */
export const ASSIGNABLE_ROLES: Record<Role, Role[]> = {
  SuperAdmin: [SuperAdmin, Admin, Teacher, Student, Parent],
  Admin: [Admin, Teacher, Student, Parent],
  Teacher: [Teacher, Student, Parent],
  Student: [],
  Parent: [],
};

/** platform.md section 6: which roles a user (by their stored role) may view the app as. */
export const SWITCHABLE_ROLES: Record<Role, Role[]> = {
  SuperAdmin: [Admin, Teacher, Student, Parent],
  Admin: [Teacher, Student, Parent],
  Teacher: [Student, Parent],
  Student: [],
  Parent: [],
};

export const USER_MANAGERS: Role[] = [SuperAdmin, Admin, Teacher];
export const ACADEMIC_MANAGERS: Role[] = [SuperAdmin, Admin];
