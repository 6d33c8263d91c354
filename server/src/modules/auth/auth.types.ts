import { Field, InputType, ObjectType } from 'type-graphql';
import { Role } from '../../core/role';
import { User } from '../users';

@ObjectType({ description: 'What the signed-in session may do; the client shows or hides controls by it.' })
export class Abilities {
  @Field({ description: 'May open user management (create and delete users).' })
  manageUsers: boolean;

  @Field(() => [Role], { description: 'Roles this session may give to new users.' })
  assignableRoles: Role[];

  @Field(() => [Role], { description: 'Roles the user may view the app as (by their stored role).' })
  switchableRoles: Role[];

  @Field({ description: 'May change academic years, classes, subjects and allocations (which teachers teach what).' })
  manageAcademicStructure: boolean;

  @Field({ description: 'May open Attendance Management (marking is still limited to assigned classes and subjects).' })
  markAttendance: boolean;

  @Field({ description: 'May open My Attendance (students: their own records only).' })
  viewOwnAttendance: boolean;

  @Field({ description: 'May link parents to students and unlink them (the user page, the CSV import columns).' })
  manageFamilies: boolean;

  @Field({ description: 'May register and manage applications (Settings: Integrations; SuperAdmin and Admin, in a web session).' })
  manageApplications: boolean;

  @Field({ description: 'May make and revoke personal access tokens (Settings: Access tokens; in a web session of your own role).' })
  manageAccessTokens: boolean;
}

@ObjectType({ description: 'The signed-in user and the state of their session.' })
export class SessionInfo {
  @Field(() => User, { description: 'The signed-in user, with their stored role.' })
  user: User;

  @Field(() => Role, { description: 'The role the session acts as; the server authorizes with it.' })
  activeRole: Role;

  @Field({ description: 'True while viewing the app as a role other than the stored one.' })
  isImpersonating: boolean;

  @Field(() => Abilities, { description: 'What this session may do.' })
  abilities: Abilities;
}

@ObjectType({ description: 'A new session.' })
export class AuthPayload {
  @Field({ description: 'Bearer token for the Authorization header. Shown once; the server keeps only its hash.' })
  token: string;

  @Field(() => User, { description: 'The signed-in user.' })
  user: User;

  @Field(() => Role, { description: 'The role the new session acts as (the stored role).' })
  activeRole: Role;

  @Field({ description: 'Always false for a new session.' })
  isImpersonating: boolean;
}

@ObjectType({ description: 'The role a session acts as after a switch.' })
export class SwitchRolePayload {
  @Field(() => Role, { description: 'The active role now.' })
  role: Role;

  @Field({ description: 'True when the active role differs from the stored role.' })
  isImpersonating: boolean;
}

@ObjectType({ description: 'A plain confirmation text.' })
export class MessagePayload {
  @Field({ description: 'Text to show the user.' })
  message: string;
}

@InputType({ description: 'Sign-in form.' })
export class LoginInput {
  @Field({ description: 'Email address (any case).' })
  email: string;

  @Field({ description: 'Password.' })
  password: string;

  @Field({ nullable: true, defaultValue: false, description: 'Keep the session for weeks instead of hours.' })
  rememberMe?: boolean;
}

@InputType({ description: 'Open registration (only when the server allows it).' })
export class RegisterInput {
  @Field({ description: 'Given name.' })
  firstName: string;

  @Field({ description: 'Family name.' })
  lastName: string;

  @Field({ description: 'Email address.' })
  email: string;

  @Field({ description: 'Password, at least 6 characters.' })
  password: string;
}

@InputType({ description: 'Role to view the app as.' })
export class SwitchRoleInput {
  @Field({
    description:
      'A role allowed for the stored role, as the Role enum spells it (TEACHER) or the spec\'s word (Teacher), or "original" to switch back.',
  })
  role: string;
}

@InputType({ description: 'Ask for a password reset link.' })
export class ForgotPasswordInput {
  @Field({ description: 'Email address of the account.' })
  email: string;
}

@InputType({ description: 'Set a new password with the token from a reset or invitation link.' })
export class ResetPasswordInput {
  @Field({ description: 'The token from the link /reset-password/{token}.' })
  token: string;

  @Field({ description: 'New password, at least 6 characters.' })
  password: string;
}

@InputType({ description: 'A link mailed about a sign-in email change.' })
export class EmailChangeTokenInput {
  @Field({
    description: 'The token from the link /confirm-email/{token} (to the new address) or /report-email-change/{token} (to the old one).',
  })
  token: string;
}
