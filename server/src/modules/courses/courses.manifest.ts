import { defineManifest } from '../../core/manifest';
import { Courses1732300002000 } from './1732300002000-Courses';
import { CourseTeachersFollowAllocations1732300006000 } from './1732300006000-CourseTeachersFollowAllocations';
import { CourseTitleUnique1732300008600 } from './1732300008600-CourseTitleUnique';
import { Course } from './course.entity';
import { CoursesResolver, StudentCoursesResolver } from './courses.resolver';
import { CoursesService } from './courses.service';
import { courseLoaders } from './courses.loaders';
import { coursesRouter } from './courses.rest';
import { courseSeeder } from './courses.seed';

/**
 * Courses. Its Courses migration also made the tables of modules, content, announcements, discussions and
 * files; its demo seed fills them too.
 */
export const coursesManifest = defineManifest({
  name: 'courses',
  entities: [Course],
  migrations: [Courses1732300002000, CourseTeachersFollowAllocations1732300006000, CourseTitleUnique1732300008600],
  resolvers: [CoursesResolver, StudentCoursesResolver],
  services: (ds) => new CoursesService(ds),
  loaders: courseLoaders,
  router: coursesRouter,
  seed: courseSeeder,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    courses: ReturnType<typeof coursesManifest.services>;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the loaders' own type, merged into the registry
  interface Loaders extends ReturnType<NonNullable<typeof coursesManifest.loaders>> {}
}
