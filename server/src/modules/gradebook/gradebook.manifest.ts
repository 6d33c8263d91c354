import { defineManifest } from '../../core/manifest';
import type { CoursesService } from '../courses';
import { GradebookResolver } from './gradebook.resolver';
import { GradebookService } from './gradebook.service';
import { gradebookRouter } from './gradebook.rest';

/** The gradebook (issue 17): a student's grades report (the student, their linked parents, admins) and a course's gradebook with its CSV (ctx.services.gradebook). */
export const gradebookManifest = defineManifest({
  name: 'gradebook',
  resolvers: [GradebookResolver],
  services: (ds, _config, deps: { courses: CoursesService }) => new GradebookService(ds, deps.courses),
  router: gradebookRouter,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    gradebook: ReturnType<typeof gradebookManifest.services>;
  }
}
