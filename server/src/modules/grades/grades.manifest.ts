import { defineManifest } from '../../core/manifest';
import type { CoursesService } from '../courses/courses.service';
import { GradesResolver } from './grades.resolver';
import { GradesService } from './grades.service';
import { gradesRouter } from './grades.rest';

/** Grades (issue 17): a student's grades report (the student, their linked parents, admins) and a course's gradebook with its CSV (ctx.services.grades). */
export const gradesManifest = defineManifest({
  name: 'grades',
  resolvers: [GradesResolver],
  services: (ds, _config, deps: { courses: CoursesService }) => new GradesService(ds, deps.courses),
  router: gradesRouter,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    grades: ReturnType<typeof gradesManifest.services>;
  }
}
