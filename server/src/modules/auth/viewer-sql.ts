import { Role } from '../../core/role';
import { CHILD_IDS_SQL } from '../../policies/children';
import { classJson, yearJson } from '../../db/json-rows';
import { checkedTexts } from './session-check';

/*
 * The texts of a session's viewer lookup (auth.service.ts resolveViewer, guessViewer): built once here, run by
 * auth.repository.ts or handed to the session check (session-check.ts), which runs them around a request's read.
 */

/** A row of VIEWER_LOOKUP: the live session, its user as JSON, and the fingerprint the session check compares. */
export interface ViewerRow {
  id: string;
  active_role: Role;
  impersonating: boolean;
  child_ids: string[];
  user: Record<string, unknown>;
  fingerprint: string;
}

/**
 * The select list that makes a viewer of the user `u` (joined by the caller): the linked children when acting
 * as a Parent (so the parent rules cost no statement) and the user's row as JSON without its password hash, with
 * a student's class and year (every student page asks for `me { user { class } }`: no statement of its own).
 */
export const VIEWER_SQL = (activeRole: string) =>
  `CASE WHEN ${activeRole} = 'Parent' THEN ${CHILD_IDS_SQL('u.id')} ELSE '{}'::text[] END AS child_ids,
   to_jsonb(u) - 'password_hash' || jsonb_build_object(
     '${PLACED_CLASS}', (SELECT ${classJson('c')} FROM classes c WHERE c.id = u.class_id),
     '${PLACED_YEAR}', (SELECT ${yearJson('y')} FROM academic_years y WHERE y.id = u.academic_year_id)) AS user`;

/** Keys of VIEWER_SQL's user JSON that are no column: the placement, read as the entities' plain objects. */
export const PLACED_CLASS = 'placed_class';
export const PLACED_YEAR = 'placed_year';

/** How stale a session's last_used_at may get before a request touches it again. */
const SESSION_TOUCH_SECONDS = 60;

/**
 * What a guess of a session's viewer must match (session-check.ts): the session, its active role and impersonation,
 * the versions of the rows the viewer is made of (the user's, and the class and year a student is placed in: a
 * row's xmin changes with every update of it) and a parent's children. For `s` and `u` as in viewerSql.
 */
const VIEWER_FINGERPRINT = `concat_ws(',', s.id, s.active_role, s.impersonating, u.xmin,
  (SELECT c.xmin FROM classes c WHERE c.id = u.class_id), (SELECT y.xmin FROM academic_years y WHERE y.id = u.academic_year_id),
  CASE WHEN s.active_role = 'Parent' THEN ${CHILD_IDS_SQL('u.id')}::text END)`;

/**
 * The live session of the token hash `hashParam` as `__viewer` (id, its `fingerprint`, and `stale`: its last use
 * is older than SESSION_TOUCH_SECONDS); `withRow`: also the viewer (active_role, impersonating, child_ids, user).
 * With the row for the lookup (VIEWER_LOOKUP), without it for a check of a guess, alone (VIEWER_CHECK) or around a
 * request's first read (session-check.ts). Its names cannot meet the read's own: the read is a subquery below them.
 */
const viewerSql = (hashParam: string, withRow = false) => `WITH __viewer AS (
   SELECT s.id, ${VIEWER_FINGERPRINT} AS fingerprint, s.last_used_at < now() - interval '${SESSION_TOUCH_SECONDS} seconds' AS stale
          ${withRow ? `, s.active_role, s.impersonating, ${VIEWER_SQL('s.active_role')}` : ''}
     FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = ${hashParam} AND s.expires_at > now())`;

const TOUCH_STALE = `__touched AS (UPDATE sessions x SET last_used_at = now() FROM __viewer v WHERE x.id = v.id AND v.stale)`;

/** A token hash's session and viewer in one statement, the session touched when stale. */
export const VIEWER_LOOKUP = `${viewerSql('$1', true)},
 ${TOUCH_STALE}
SELECT * FROM __viewer`;

/** A token hash's session's fingerprint alone, touched when stale: a guess checked by no read. */
export const VIEWER_CHECK = `${viewerSql('$1')},
 ${TOUCH_STALE}
SELECT fingerprint FROM __viewer`;

/** A read's text with the session check around it (session-check.ts), each text's made once. */
export const checkedViewerSql = checkedTexts((hashParam) => viewerSql(hashParam));

/** A session touched when stale, after a checked read found it live (session-check.ts: that read writes nothing). */
export const SESSION_TOUCH = `UPDATE sessions SET last_used_at = now()
  WHERE id = $1 AND last_used_at < now() - interval '${SESSION_TOUCH_SECONDS} seconds'`;
