/**
 * The users domain's public face: all that other domains, the composition root, jobs and tests may import from it
 * (eslint.config.mjs refuses an import of any other file of this folder from outside it).
 */
export { User } from './user.entity';
export { lockUser, userById, userByIdOrFail, userFacts, usersByIds, usersByName } from './users.repository';
export { IMPORT_LINK_TEXT } from './users.import-links';
export { usersManifest } from './users.manifest';
export { USER_PAGE, invitation } from './users.service';
export { presentPerson, presentPersonName, presentPlacedUser, presentUser } from './users.shape';
export type { PlacedUser } from './users.shape';
export { UserConnection } from './users.types';
export { USER_TEXT, normalizeEmail, validateNewUser } from './users.validation';
