import { DataSource } from 'typeorm';
import type { Runner } from '../../db/rows';
import type { Actor } from '../../policies';
import { submissionReadableSql } from '../../policies/sql';
import type { PageWindow } from '../../core/paging';
import type { AssessmentKind } from '../assessments';
import { SUBMISSION_REF } from '../submissions';
import { CURSOR_OVERLAP, encodeCursor, rosterSql } from './dashboards.queries';
import { DashboardRow, dashboardSql } from './dashboards.read';
import type { TileSubmission } from './dashboards.tiles';
import { ReviewListRow, reviewItemsSql } from './review-list';

/*
 * The statements of the teacher's reads (issue 29): a grading dashboard, its change feed and the review lists, one
 * statement each whatever the class size. The domain writes raw SQL; the texts are built in dashboards.read.ts,
 * dashboards.queries.ts and review-list.ts, and the service (dashboards.service.ts) decides who may read what.
 */

/**
 * The grading dashboard of item `assessmentId` (of `kind` when given) as the viewer may read it, in one statement
 * (dashboardSql); undefined when they may not read it or there is none. `keys` false: the answers without their keys.
 */
export async function dashboardRow(
  ds: DataSource,
  actor: Actor,
  assessmentId: string,
  kind: AssessmentKind | undefined,
  keys: boolean,
): Promise<DashboardRow | undefined> {
  const [row] = (await ds.query(dashboardSql(actor, keys), [actor.userId, assessmentId, kind ?? null])) as DashboardRow[];
  return row;
}

/** One window of a review list (reviewItemsSql's answer) and the whole list's total. */
interface ReviewListPage {
  items: ReviewListRow[];
  total: number;
}

async function reviewListPage(ds: DataSource, sql: string, params: unknown[]): Promise<ReviewListPage> {
  const [page]: ReviewListPage[] = await ds.query(sql, params);
  return page;
}

/** reviewItems: one window of the items of `kind` the viewer reads, with their counts, and the total (reviewItemsSql 'kind'). */
export const reviewItemsPage = (ds: DataSource, actor: Actor, kind: AssessmentKind, window: PageWindow, places: boolean) =>
  reviewListPage(ds, reviewItemsSql(actor, 'kind', places), [actor.userId, kind, window.offset, window.limit]);

/** gradingQueue: one window of the items with work waiting for a grade, and how many there are (reviewItemsSql 'queue'). */
export const gradingQueuePage = (ds: DataSource, actor: Actor, window: PageWindow, places: boolean) =>
  reviewListPage(ds, reviewItemsSql(actor, 'queue', places), [actor.userId, window.offset, window.limit]);

/**
 * The submissions of the item changed after `since` (less the overlap), the next cursor, and what the tiles are
 * counted from now (the roster, and the submissions the viewer $3 reads: 'submission.read', as the dashboard reads
 * them), in one statement.
 */
export async function changedSince(
  m: Runner,
  actor: Actor,
  assessmentId: string,
  since: string,
): Promise<{ ids: string[]; cursor: string; roster: string[]; subs: TileSubmission[] }> {
  const [row]: Array<{ ids: string[]; at: string; roster: string[]; subs: TileSubmission[] }> = await m.query(
    // the viewer's id is typed here once: a rule that does not read it (an administrator's) leaves $3 unused otherwise
    `WITH viewer AS (SELECT $3::uuid AS id)
     SELECT ARRAY(SELECT s.id::text FROM submissions s
                   WHERE s.assessment_id = $1 AND s.updated_at > $2::timestamptz - interval '${CURSOR_OVERLAP}') AS ids,
            statement_timestamp()::text AS at,
            ARRAY(SELECT r.student_id::text FROM (${rosterSql('a.id = $1')}) r) AS roster,
            (SELECT coalesce(json_agg(json_build_object('studentId', s.student_id, 'status', s.status,
                                                        'allowedAfterDue', s.allowed_after_due, 'joinedLate', s.joined_late)), '[]'::json)
               FROM submissions s JOIN assessments a ON a.id = s.assessment_id
              WHERE s.assessment_id = $1 AND ${submissionReadableSql(actor, SUBMISSION_REF, '$3::uuid')}) AS subs`,
    [assessmentId, since, actor.userId],
  );
  return { ids: row.ids, cursor: encodeCursor(row.at), roster: row.roster, subs: row.subs };
}
