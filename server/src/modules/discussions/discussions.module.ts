import { defineModule } from '../../app/module';
import type { CoursesService } from '../courses/courses.service';
import { Discussion } from './discussion.entity';
import { CourseDiscussionsFieldResolver, DiscussionsResolver } from './discussions.resolver';
import { DiscussionsService } from './discussions.service';
import { discussionLoaders } from './discussions.loaders';
import { discussionsRouter } from './discussions.rest';

/** A course's discussion threads and replies. */
export const discussionsModule = defineModule({
  name: 'discussions',
  entities: [Discussion],
  resolvers: [DiscussionsResolver, CourseDiscussionsFieldResolver],
  services: (ds, _config, deps: { courses: CoursesService }) => new DiscussionsService(ds, deps.courses),
  loaders: discussionLoaders,
  router: discussionsRouter,
});
