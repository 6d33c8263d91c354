import { useEffect } from 'react';
import { POLL_MS } from './gradingKinds';

/**
 * Live updates (issue 13, point 2): while the page is visible, `poll` runs every POLL_MS (it asks gradingChanges
 * for what changed since the dashboard's cursor and folds it in). A hidden tab asks nothing; coming back asks at
 * once. Polling with a cursor rather than a WebSocket: it passes through every proxy and instance as a plain
 * request, and a missed tick costs nothing, since the cursor picks up where the last answer ended.
 */
export function useGradingChanges(active: boolean, poll: () => Promise<void>): void {
  useEffect(() => {
    if (!active) return undefined;
    let timer: number | undefined;
    let running = false;
    const tick = async () => {
      if (running || document.visibilityState !== 'visible') return;
      running = true;
      try {
        await poll();
      } catch (error) {
        // the next tick tries again from the same cursor
        console.warn('Failed to fetch grading changes', error);
      } finally {
        running = false;
      }
    };
    const start = () => {
      if (timer === undefined) timer = window.setInterval(() => void tick(), POLL_MS);
    };
    const stop = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        void tick();
        start();
      } else {
        stop();
      }
    };
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, poll]);
}
