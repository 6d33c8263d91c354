import { newRouter } from '../../app/rest';
import { coursesRouter } from './courses.rest';
import { modulesRouter } from '../course-modules/modules.rest';
import { contentRouter } from '../content/content.rest';
import { announcementsRouter } from '../announcements/announcements.rest';
import { discussionsRouter } from '../discussions/discussions.rest';

/** platform.md section 7: Courses, Modules, Content, Announcements, Discussions. */
export function courseRouters() {
  const r = newRouter();
  r.use(coursesRouter(), modulesRouter(), contentRouter(), announcementsRouter(), discussionsRouter());
  return r;
}
