import { defineManifest } from '../../core/manifest';
import { Discussions1732300002400 } from './1732300002400-Discussions';
import type { CoursesService } from '../courses';
import { Discussion } from './discussion.entity';
import { CourseDiscussionsFieldResolver, DiscussionsResolver } from './discussions.resolver';
import { DiscussionsService } from './discussions.service';
import { discussionLoaders } from './discussions.loaders';
import { discussionsRouter } from './discussions.rest';

/** A course's discussion threads and replies. */
export const discussionsManifest = defineManifest({
  name: 'discussions',
  migrations: [Discussions1732300002400],
  entities: [Discussion],
  resolvers: [DiscussionsResolver, CourseDiscussionsFieldResolver],
  services: (ds, _config, deps: { courses: CoursesService }, events) => new DiscussionsService(ds, deps.courses, events),
  loaders: discussionLoaders,
  router: discussionsRouter,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    discussions: ReturnType<typeof discussionsManifest.services>;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the loaders' own type, merged into the registry
  interface Loaders extends ReturnType<NonNullable<typeof discussionsManifest.loaders>> {}
}

// the events this domain's writes announce (core/events.ts): A reply posted to a thread.
declare module '../../core/events' {
  interface DomainEvents {
    replyPosted: { replyId: string };
  }
}
