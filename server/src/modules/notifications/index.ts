/**
 * The notifications domain's public face: all that other domains, the composition root, jobs and tests may import from it
 * (eslint.config.mjs refuses an import of any other file of this folder from outside it).
 */
export { queueDailyDigests } from './notifications.digest';
export { notificationsManifest } from './notifications.manifest';
export { notifyDueSoon } from './notifications.repository';
