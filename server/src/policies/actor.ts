import { Role } from '../core/role';
import { APPLICATION, type Credential, type Scope } from './credentials';

/** The role a request acts in: a person's role, or an application (which no person's rule matches). */
export type ActingRole = Role | typeof APPLICATION;

/** Who is asking: the signed-in user and the role their session acts in. */
export interface Actor {
  userId: string;
  /** The role stored on the user. */
  role: ActingRole;
  /** The role this session acts as (differs while impersonating); every rule uses this one. */
  activeRole: ActingRole;
  impersonating: boolean;
  sessionId: string;
  /**
   * The linked children's ids when the session acts as a Parent, else [] (families, issue 17). Loaded in the
   * session's own statement, so the parent rules decide synchronously and cost no query.
   */
  childIds: string[];
  /** Absent for a web session; a personal access token or an application's token otherwise (policies/credentials.ts). */
  credential?: Credential;
}

/**
 * A user acting in their stored role with no session behind it (the calendar feed's owner, whose secret link stands
 * for the session): what that user would be allowed in a session of their own. Never a stand-in for another
 * person: a read of someone's view is a rule on the reader that names the relation (rules.ts 'family.readStudent*').
 */
export const storedRoleActor = (userId: string, role: Role, childIds: string[] = []): Actor => ({
  userId,
  role,
  activeRole: role,
  impersonating: false,
  sessionId: '',
  childIds,
});

/**
 * An application (OAuth 2.0 client credentials) acting with exactly its scopes: `userId` is the application's
 * own id, which no user has, so no rule of "one's own" matches it either.
 */
export const applicationActor = (app: { id: string; name: string; scopes: readonly Scope[] }): Actor => ({
  userId: app.id,
  role: APPLICATION,
  activeRole: APPLICATION,
  impersonating: false,
  sessionId: '',
  childIds: [],
  credential: { kind: 'application', id: app.id, name: app.name, scopes: app.scopes },
});

/** The acting role as a person's role, or null for an application. */
export const personRole = (a: Actor): Role | null => (a.activeRole === APPLICATION ? null : a.activeRole);

/** The actor is an application holding one of these scopes (a person's role rules never match an application). */
export const appMay = (a: Actor | null, scopes: readonly Scope[]) =>
  a?.credential?.kind === 'application' && a.credential.scopes.some((s) => scopes.includes(s));

/** The actor is a person (a web session or their personal access token), not an application. */
export const isPerson = (a: Actor | null) => !!a && a.activeRole !== APPLICATION;
