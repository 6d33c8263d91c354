import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

/** The props of a component type. */
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/** A page (or a part of one) whose code loads on demand, and can be asked to load before it renders. */
export type LazyPage<P = object> = ((props: P) => ReactElement) & {
  /** Starts loading the code (once); resolves when it can render without suspending. */
  preload(): Promise<unknown>;
};

/**
 * React.lazy for a module's named export, so each area is its own chunk. React.lazy suspends on its first
 * render even when the code has already arrived (main.tsx asks for the landing page's code early), and React
 * then holds the page back behind the fallback for up to 300 ms; a page whose code is loaded renders at once
 * instead. The choice is made when the page mounts and kept, so a page never remounts (and loses its state)
 * when its code arrives. A part rendered this way needs a Suspense boundary of its own near it.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage<PropsOf<M[K]>> {
  type P = PropsOf<M[K]>;
  // inside, any props: the signature above is what callers see
  type Loaded = ComponentType<Record<string, unknown>>;
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => (loaded = m[name] as Loaded),
      (error: unknown) => {
        // a failed download (a background preload on a flaky network) is tried again by the next caller
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(async () => ({ default: await preload() }));
  function Page(props: P) {
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Suspending, props as Record<string, unknown>);
  }
  Page.preload = preload;
  return Page;
}
