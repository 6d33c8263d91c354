import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { useDebounced } from '../../components/useDebounced';
import type { AuditKind } from '../../gql/types';
import { useAuditEventsQuery } from './audit.generated';

export const AUDIT_PAGE_SIZE = 50;

/** A date field's value (yyyy-mm-dd, the viewer's day) as the start of that day, or of the next one. */
const dayStart = (day: string, next = false) => {
  if (!day) return null;
  const d = new Date(`${day}T00:00:00`);
  if (next) d.setDate(d.getDate() + 1);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/**
 * The audit log page's state: filters (person, kind, a range of days, both days included) and the rows loaded
 * so far, newest first; "Load more" asks for the next page after the last cursor and appends it.
 */
export function useAuditLog() {
  const [person, setPerson] = useState('');
  const [kind, setKind] = useState<AuditKind | ''>('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const debounced = useDebounced(person.trim(), 300);
  const filter = { person: debounced || null, kind: kind || null, from: dayStart(fromDay), to: dayStart(toDay, true) };
  const query = useAuditEventsQuery({
    variables: { filter, first: AUDIT_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = (query.data ?? query.previousData)?.auditEvents;

  const loadMore = () => {
    if (!page?.pageInfo.endCursor) return;
    void query.fetchMore({
      variables: { after: page.pageInfo.endCursor },
      updateQuery: (prev, { fetchMoreResult }) => ({
        auditEvents: { ...fetchMoreResult.auditEvents, edges: [...prev.auditEvents.edges, ...fetchMoreResult.auditEvents.edges] },
      }),
    });
  };

  return {
    person,
    setPerson,
    kind,
    setKind,
    fromDay,
    setFromDay,
    toDay,
    setToDay,
    rows: page?.edges.map((e) => e.node) ?? [],
    total: page?.totalCount ?? 0,
    hasMore: !!page?.pageInfo.hasNextPage,
    loadMore,
    loading: query.loading,
    error: query.error ? errorMessage(query.error, 'Failed to fetch the audit log') : null,
  };
}
