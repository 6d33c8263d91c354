import { presenter } from '../../core/rest';
import { AuditPage, auditCursor } from './audit.service';

/**
 * A page as a Relay-style connection (GraphQL). The log's cursors name a row, not a position (core/paging.ts):
 * rows keep arriving at the top of a log, and a walk must not meet one twice because of them.
 */
export function toConnection(page: AuditPage, after: unknown) {
  return {
    edges: page.items.map((node) => ({ node, cursor: auditCursor(node.id) })),
    nodes: page.items,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: !!after,
      startCursor: page.items.length ? auditCursor(page.items[0].id) : null,
      endCursor: page.endCursor,
    },
    totalCount: page.totalCount,
  };
}

/** REST: the rows as they are (no key is secret here: the rule chose the rows), dates as ISO text. */
export const presentAuditEvent = presenter((_viewer, e: AuditPage['items'][number]) => ({ ...e, _id: e.id, at: e.at.toISOString() }));
