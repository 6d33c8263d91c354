import { Role } from '../modules/users/role';

/** Who is asking: the signed-in user and the role their session acts in. */
export interface Actor {
  userId: string;
  /** The role stored on the user. */
  role: Role;
  /** The role this session acts as (differs while impersonating); every rule uses this one. */
  activeRole: Role;
  impersonating: boolean;
  sessionId: string;
  /**
   * The linked children's ids when the session acts as a Parent, else [] (families, issue 17). Loaded in the
   * session's own statement, so the parent rules decide synchronously and cost no query.
   */
  childIds: string[];
}

/**
 * A user acting in their stored role with no session behind it (the calendar feed's owner, a student whose view
 * is computed for someone else): what that user would be allowed in a session of their own.
 */
export const storedRoleActor = (userId: string, role: Role, childIds: string[] = []): Actor =>
  ({ userId, role, activeRole: role, impersonating: false, sessionId: '', childIds });
