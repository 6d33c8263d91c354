/**
 * The auth domain's public face: all that other domains, the composition root, jobs and tests may import from it
 * (eslint.config.mjs refuses an import of any other file of this folder from outside it).
 */
export { ATTEMPT_LIMITS, recordAttempt } from './attempts';
export { authManifest } from './auth.manifest';
export { AuthService, INVITE_TOKEN_DAYS } from './auth.service';
export { deactivateUsers, endCredentials, reactivateUsers } from './auth.repository';
export { AUTH_TEXT } from './auth.texts';
export { MessagePayload } from './auth.types';
export { addressBucket } from './client-address';
export { accountInUseSql } from './credentials';
export { EMAIL_CHANGE_TEXT } from './email-change';
export { PAGE_SESSION_MUTATIONS, pageSessionCookie, pageSessionPlugin, pageSessionRest, pageSessionToken } from './page-session';
export {
  ACCESS_TOKEN_PREFIX,
  APP_TOKEN_PREFIX,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  hashPassword,
  hashSecret,
  newSecret,
  verifyPassword,
} from './secrets';
export { Session } from './session.entity';
export { VIEWER_SQL } from './viewer-sql';
