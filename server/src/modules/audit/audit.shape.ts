import { presenter } from '../../app/rest';
import { AuditPage, auditCursor } from './audit.service';

/** A page as a Relay-style connection (GraphQL). */
export function toConnection(page: AuditPage) {
  return {
    edges: page.items.map((node) => ({ node, cursor: auditCursor(node.id) })),
    pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    totalCount: page.totalCount,
  };
}

/** REST: the rows as they are (no key is secret here: the rule chose the rows), dates as ISO text. */
export const presentAuditEvent = presenter((_viewer, e: AuditPage['items'][number]) => ({ ...e, _id: e.id, at: e.at.toISOString() }));
