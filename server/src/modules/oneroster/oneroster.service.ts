import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import type { Actor } from '../../policies';
import { can } from '../../policies';
import type { Action } from '../../policies/rules';
import { OneRosterError, OR_TEXT } from './oneroster.errors';
import type { Collection, GuidRef, RefMaker, Row } from './oneroster.mapping';
import { filterSql, ListQuery, orderSql, select } from './oneroster.query';
import { collectionObject, collectionPage, collectionTotal } from './oneroster.repository';

export const ROSTERING_PATH = '/ims/oneroster/rostering/v1p2';
export const GRADEBOOK_PATH = '/ims/oneroster/gradebook/v1p2';

/** Where each GUIDRef type is read (its service and collection path). */
const HREF: Record<string, string> = {
  org: `${ROSTERING_PATH}/orgs`,
  academicSession: `${ROSTERING_PATH}/academicSessions`,
  course: `${ROSTERING_PATH}/courses`,
  class: `${ROSTERING_PATH}/classes`,
  user: `${ROSTERING_PATH}/users`,
  enrollment: `${ROSTERING_PATH}/enrollments`,
  category: `${GRADEBOOK_PATH}/categories`,
  lineItem: `${GRADEBOOK_PATH}/lineItems`,
  result: `${GRADEBOOK_PATH}/results`,
};

/** A restriction of a collection to the rows of one parent (a class's students): SQL over `o` built with `param`. */
export type Restriction = (param: (v: unknown) => string) => string;

export interface Page {
  total: number;
  items: Row[];
}

/**
 * Reads OneRoster collections for an application: one statement for the total and one for the page, whatever
 * the page holds (the references come with the rows).
 */
export class OneRosterService {
  readonly ref: RefMaker;

  constructor(
    private readonly ds: DataSource,
    config: Config,
  ) {
    this.ref = (type: string, sourcedId: string): GuidRef => ({
      href: `${config.publicUrl}${HREF[type]}/${encodeURIComponent(sourcedId)}`,
      sourcedId,
      type,
    });
  }

  /** The actor may make this OneRoster call (policies/rules.ts); an application without the scope is refused 403. */
  authorize(actor: Actor | null, action: Action & `oneroster.${string}`, scopes: string[]): void {
    if (!actor) throw new OneRosterError(401, 'unauthorisedrequest', OR_TEXT.unauthenticated);
    if (actor.credential?.kind !== 'application') throw new OneRosterError(403, 'forbidden', OR_TEXT.applicationsOnly);
    if (!can(actor, action, undefined as never)) throw new OneRosterError(403, 'forbidden', OR_TEXT.scope(scopes));
  }

  async list(c: Collection, q: ListQuery, restrict?: Restriction): Promise<Page> {
    const params: unknown[] = [];
    const param = (v: unknown) => `$${params.push(v)}`;
    const where = [restrict?.(param), filterSql(c, q.filter, param)].filter(Boolean);
    const from = `FROM (${c.sql}) o${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
    const total = await collectionTotal(this.ds, from, params);
    const rows = total > q.offset ? await collectionPage(this.ds, from, orderSql(c, q), q, params) : [];
    return { total, items: rows.map((r) => select(c.present(r, this.ref), q.fields)) };
  }

  /** One object by sourcedId (within a restriction, e.g. only teachers), or a 404 unknownobject naming it. */
  async one(c: Collection, sourcedId: string, fields: string[] | null, restrict?: Restriction): Promise<Row> {
    const params: unknown[] = [sourcedId];
    const param = (v: unknown) => `$${params.push(v)}`;
    const extra = restrict ? ` AND ${restrict(param)}` : '';
    const row = await collectionObject(this.ds, c, extra, params);
    if (!row) throw new OneRosterError(404, 'unknownobject', OR_TEXT.notFound(c.singular, sourcedId));
    return select(c.present(row, this.ref), fields);
  }
}
