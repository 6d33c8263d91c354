import pino from 'pino';
import { logger } from '../core/logger';

/**
 * Everything the server's logger writes while `run` runs, at level info and above, as the lines a production
 * instance would print (tests otherwise run with LOG_LEVEL=silent).
 */
export async function captureLogs(run: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const target = logger as unknown as Record<symbol, unknown>;
  const stream = target[pino.symbols.streamSym];
  const level = logger.level;
  target[pino.symbols.streamSym] = { write: (line: string) => lines.push(line) };
  logger.level = 'info';
  try {
    await run();
  } finally {
    target[pino.symbols.streamSym] = stream;
    logger.level = level;
  }
  return lines.join('');
}
