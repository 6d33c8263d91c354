import { defineModule } from '../../app/module';
import type { CoursesService } from '../courses/courses.service';
import { Announcement } from './announcement.entity';
import { AnnouncementsResolver, CourseAnnouncementsFieldResolver } from './announcements.resolver';
import { AnnouncementsService } from './announcements.service';
import { announcementLoaders } from './announcements.loaders';
import { announcementsRouter } from './announcements.rest';

/** A course's announcements. */
export const announcementsModule = defineModule({
  name: 'announcements',
  entities: [Announcement],
  resolvers: [AnnouncementsResolver, CourseAnnouncementsFieldResolver],
  services: (ds, _config, deps: { courses: CoursesService }) => new AnnouncementsService(ds, deps.courses),
  loaders: announcementLoaders,
  router: announcementsRouter,
});
