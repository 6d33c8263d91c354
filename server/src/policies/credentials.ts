/**
 * What a request's credential may reach beyond its owner's role: the scopes of personal access tokens and of
 * applications (OAuth 2.0 client credentials). The one list of scopes: OneRoster (issue 27) adds its routes
 * on these, and any new scope is added here with its description.
 */

/** The 1EdTech OneRoster 1.2 scope URIs (OneRoster 1.2 REST binding, section 3.2). */
export const ONEROSTER_SCOPE_BASE = 'https://purl.imsglobal.org/spec/or/v1p2/scope/';

export const SCOPES = {
  rosterRead: `${ONEROSTER_SCOPE_BASE}roster.readonly`,
  rosterCoreRead: `${ONEROSTER_SCOPE_BASE}roster-core.readonly`,
  gradebookRead: `${ONEROSTER_SCOPE_BASE}gradebook.readonly`,
  gradebookWrite: `${ONEROSTER_SCOPE_BASE}gradebook.createput`,
  gradebookDelete: `${ONEROSTER_SCOPE_BASE}gradebook.delete`,
  /** Ours: read the whole school through /graphql and the GET paths of /api, as SuperAdmin and Admin read it. */
  schoolRead: 'graphql.readonly',
} as const;

export type Scope = (typeof SCOPES)[keyof typeof SCOPES];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  [SCOPES.rosterRead]: 'OneRoster: read users, classes, courses, enrollments and academic sessions.',
  [SCOPES.rosterCoreRead]: 'OneRoster: read the core roster (users, classes, courses, enrollments, academic sessions).',
  [SCOPES.gradebookRead]:
    "OneRoster: read line items, categories and results (every course's gradebook, assessments and submissions with their scores; never answer keys).",
  [SCOPES.gradebookWrite]: 'OneRoster: create and replace line items and results (OneRoster routes only).',
  [SCOPES.gradebookDelete]: 'OneRoster: delete line items and results (OneRoster routes only).',
  [SCOPES.schoolRead]: 'Read the whole school through GraphQL and the GET paths of /api (what SuperAdmin and Admin read); no writes.',
};

export const ALL_SCOPES = Object.keys(SCOPE_DESCRIPTIONS) as Scope[];

export const isScope = (value: unknown): value is Scope => typeof value === 'string' && (ALL_SCOPES as string[]).includes(value);

/** Scopes that read the roster (users, classes, courses, allocations). */
export const ROSTER_SCOPES: readonly Scope[] = [SCOPES.rosterRead, SCOPES.rosterCoreRead];

/** A personal access token acts as its owner: reading only, or reading and writing. */
export enum AccessTokenScope {
  READ = 'READ',
  READ_WRITE = 'READ_WRITE',
}

/** The acting role of an application: no person, so no role rule of a person matches it. */
export const APPLICATION = 'Application' as const;

/**
 * How a request proved who it is, when not by a web session: a personal access token (acting as its owner,
 * narrowed to its scope) or an application's access token (acting as the application, with its scopes).
 */
export type Credential =
  { kind: 'token'; id: string; scope: AccessTokenScope } | { kind: 'application'; id: string; name: string; scopes: readonly Scope[] };
