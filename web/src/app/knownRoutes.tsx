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

/** Whether an address leads to a page: it matches a route other than a catch-all 404 ('*'). */
export function useIsRouted(): (to: string) => boolean {
  const routes = useContext(KnownRoutesContext);
  return (to: string) => {
    const matches = matchRoutes(routes, to);
    return !!matches && matches[matches.length - 1].route.path !== '*';
  };
}
