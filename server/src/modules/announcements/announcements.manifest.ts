import { defineManifest } from '../../core/manifest';
import { Announcements1732300002300 } from './1732300002300-Announcements';
import type { CoursesService } from '../courses';
import { Announcement } from './announcement.entity';
import { AnnouncementsResolver, CourseAnnouncementsFieldResolver } from './announcements.resolver';
import { AnnouncementsService } from './announcements.service';
import { announcementLoaders } from './announcements.loaders';
import { announcementsRouter } from './announcements.rest';

/** A course's announcements. */
export const announcementsManifest = defineManifest({
  name: 'announcements',
  migrations: [Announcements1732300002300],
  entities: [Announcement],
  resolvers: [AnnouncementsResolver, CourseAnnouncementsFieldResolver],
  services: (ds, _config, deps: { courses: CoursesService }, events) => new AnnouncementsService(ds, deps.courses, events),
  loaders: announcementLoaders,
  router: announcementsRouter,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    announcements: ReturnType<typeof announcementsManifest.services>;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the loaders' own type, merged into the registry
  interface Loaders extends ReturnType<NonNullable<typeof announcementsManifest.loaders>> {}
}

// the events this domain's writes announce (core/events.ts): An announcement created or edited, visible or not (who may read it is the listener's rule).
declare module '../../core/events' {
  interface DomainEvents {
    announcementShown: { announcementId: string };
  }
}
