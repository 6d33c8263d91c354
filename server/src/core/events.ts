import type { EntityManager } from 'typeorm';

/**
 * What a domain's writes announce to the domains above it, by name: the domain that emits an event declares its
 * payload here from its manifest file (`declare module '../../core/events' { interface DomainEvents { ... } }`), and
 * a domain that reacts lists a handler in its manifest's `on`. So a write never imports the domains that react to
 * it (placing a student opens the class's overdue work for them, in grading; releasing results tells the students,
 * in notifications), and the domains' import graph keeps one direction.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains' declarations
export interface DomainEvents {}

export type EventName = keyof DomainEvents;

/** A domain's reaction to an event, run inside the emitting write's transaction (`m`): if it throws, nothing is written. */
export type EventHandler<N extends EventName> = (m: EntityManager, event: DomainEvents[N]) => Promise<unknown>;

/** The handlers one domain lists in its manifest's `on`. */
export type EventHandlers = { [N in EventName]?: EventHandler<N> };

/** What a domain's services are handed to announce their writes. */
export interface Events {
  /** Runs every listening domain's handler, in the list's order, in the caller's transaction. */
  emit<N extends EventName>(m: EntityManager, name: N, event: DomainEvents[N]): Promise<void>;
}

/** The events of a list of domains: each event's handlers in list order (a domain reacts after those it builds on). */
export function eventsOf(listeners: ReadonlyArray<EventHandlers | undefined>): Events {
  const byName = new Map<string, Array<(m: EntityManager, event: unknown) => Promise<unknown>>>();
  for (const on of listeners) {
    for (const [name, handler] of Object.entries(on ?? {})) {
      if (!handler) continue;
      const list = byName.get(name) ?? [];
      list.push(handler as (m: EntityManager, event: unknown) => Promise<unknown>);
      byName.set(name, list);
    }
  }
  return {
    async emit(m, name, event) {
      for (const handler of byName.get(name) ?? []) await handler(m, event);
    },
  };
}
