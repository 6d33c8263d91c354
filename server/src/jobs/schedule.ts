import { logger } from '../core/logger';

export interface ScheduledJob {
  /** Stops the timer and waits for a run in progress, so shutdown closes the database after it. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `seconds` in this process (0 or less: never). Runs never overlap here; across instances
 * the job guards itself (`underAdvisoryLock`). A failed run is logged and the next one tries again.
 */
export function schedule(name: string, seconds: number, run: () => Promise<unknown>): ScheduledJob {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = run()
      .then(
        () => undefined,
        (err) => logger.error({ err, job: name }, 'scheduled job failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = seconds > 0 ? setInterval(tick, seconds * 1000) : undefined;
  timer?.unref(); // never what keeps the process alive
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
