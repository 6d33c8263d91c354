import { defineManifest } from '../../core/manifest';
import { CommentBank1732300025100 } from '../../db/migrations/1732300025100-CommentBank';
import type { AssessmentsService } from '../assessments/assessments.service';
import type { SubmissionsService } from '../submissions/submissions.service';
import { GradingResolver } from './grading.resolver';
import { GradingService } from './grading.service';
import { gradingLoaders } from './grading.loaders';
import { gradingRouter } from './grading.rest';

/** Teachers grade (per question or Save all, with a version check), reopen and extend, create submissions for overdue students, and keep a comment bank (ctx.services.grading). */
export const gradingManifest = defineManifest({
  name: 'grading',
  migrations: [CommentBank1732300025100],
  resolvers: [GradingResolver],
  services: (ds, _config, deps: { assessments: AssessmentsService; submissions: SubmissionsService }) => new GradingService(ds, deps.assessments, deps.submissions),
  loaders: gradingLoaders,
  router: gradingRouter,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    grading: ReturnType<typeof gradingManifest.services>;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the loaders' own type, merged into the registry
  interface Loaders extends ReturnType<NonNullable<typeof gradingManifest.loaders>> {}
}
