import { requiredText } from '../../core/input';
import { validation } from '../../errors/domain-error';
import { Role, isRole } from '../../core/role';

export const USER_TEXT = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  roleRequired: 'Role is required',
  emailTaken: 'A user with this email already exists',
  notFound: 'User not found',
  cannotManage: "Unauthorized - You don't have permission to manage users",
  cannotAssign: (role: string) => `You cannot assign the ${role} role`,
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotMarkVerified: 'A new email can be marked as verified only for a user who has never signed in',
  cannotChangeEmail: "Only SuperAdmin and Admin can change another user's email",
  updated: 'User updated successfully',
  alreadyActive: 'This user has already activated their account',
  tooManyInvitations: 'Too many invitations sent to this email. Please wait an hour and try again.',
  invitationSent: 'Invitation sent',
  duplicateInFile: (line: number) => `This email is already used on row ${line} of the file`,
  importEmpty: 'The file has no users',
  importTooLarge: (max: number) => `A file may hold at most ${max} users`,
  created: 'User created successfully',
  deleted: 'User deleted successfully',
} as const;

// deliberately plain: one @, no spaces, a dot in the domain
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

export interface NewUserFields {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
}

/** The checks of platform.md section 5 for a new user, in the order the form shows them. */
export function validateNewUser(input: { firstName?: unknown; lastName?: unknown; email?: unknown; role?: unknown }): NewUserFields {
  const firstName = requiredText(input.firstName, USER_TEXT.firstNameRequired, 'First name', 100, undefined, 'firstName');
  const lastName = requiredText(input.lastName, USER_TEXT.lastNameRequired, 'Last name', 100, undefined, 'lastName');
  const email = normalizeEmail(input.email);
  if (!email) throw validation(USER_TEXT.emailRequired, 'email');
  if (email.length > 254 || !EMAIL.test(email)) throw validation(USER_TEXT.emailInvalid, 'email');
  if (input.role === undefined || input.role === null || input.role === '') throw validation(USER_TEXT.roleRequired, 'role');
  if (!isRole(input.role)) throw validation(USER_TEXT.roleRequired, 'role');
  return { firstName, lastName, email, role: input.role };
}
