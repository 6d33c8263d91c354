import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes, Routes, type RouteObject } from 'react-router-dom';

const KnownRoutesContext = createContext<RouteObject[]>([]);

/**
 * <Routes> that also tells the app which addresses have a page, read from the very same <Route> elements,
 * so the sidebar, the navbar and the dashboard cards need no second list of routed paths (issue 14).
 */
export function KnownRoutes({ children }: { children: ReactNode }) {
  const routes = useMemo(() => createRoutesFromChildren(children), [children]);
  return (
    <KnownRoutesContext.Provider value={routes}>
      <Routes>{children}</Routes>
    </KnownRoutesContext.Provider>
  );
}

/** An id in an address: it fills a `:param` segment as any other text would, and no route names one literally. */
const ID_SEGMENT = /(?<=\/)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi;

/** A route set's shape (its paths, nested): the same <Route> elements give the same shape on every render. */
const shapeOf = (routes: RouteObject[]): string =>
  routes.map((r) => `${r.index ? '#' : (r.path ?? '')}(${r.children ? shapeOf(r.children) : ''})`).join(',');

/** Addresses kept per route shape; past this many the answers start again (addresses with other ids than UUIDs). */
const MAX_ANSWERS = 2_000;

/**
 * What each route shape answered, by address with its ids made one: matchRoutes flattens and ranks every route at
 * each call (~1 ms), and a dashboard asks for each card; the server renders a new route set for each page, with the
 * same shape, so the answers are kept by shape.
 */
const answersByShape = new Map<string, Map<string, boolean>>();
const answersOf = new WeakMap<RouteObject[], Map<string, boolean>>();

function answers(routes: RouteObject[]): Map<string, boolean> {
  let known = answersOf.get(routes);
  if (!known) {
    const shape = shapeOf(routes);
    known = answersByShape.get(shape) ?? answersByShape.set(shape, new Map()).get(shape)!;
    answersOf.set(routes, known);
  }
  if (known.size > MAX_ANSWERS) known.clear();
  return known;
}

/** Whether an address leads to a page: it matches a route other than a catch-all 404 ('*'). */
export function useIsRouted(): (to: string) => boolean {
  const routes = useContext(KnownRoutesContext);
  return (to: string) => {
    const key = to.replace(ID_SEGMENT, 'id');
    const known = answers(routes);
    let routed = known.get(key);
    if (routed === undefined) {
      const matches = matchRoutes(routes, key);
      routed = !!matches && matches[matches.length - 1].route.path !== '*';
      known.set(key, routed);
    }
    return routed;
  };
}
