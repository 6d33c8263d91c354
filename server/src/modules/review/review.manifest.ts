import { defineManifest } from '../../core/manifest';
import type { AssessmentsService } from '../assessments/assessments.service';
import type { SubmissionsService } from '../submissions/submissions.service';
import { Review1732300012000 } from '../../db/migrations/1732300012000-Review';
import { OverduePolicy1732300024000 } from '../../db/migrations/1732300024000-OverduePolicy';
import { ReviewResolver } from './review.resolver';
import { ReviewService } from './review.service';
import { reviewRouter } from './review.rest';

/** The teacher's side of submissions (issue 13): grading dashboards, their change feed, review lists, auto-submitting overdue work (ctx.services.review). */
export const reviewManifest = defineManifest({
  name: 'review',
  migrations: [Review1732300012000, OverduePolicy1732300024000],
  resolvers: [ReviewResolver],
  services: (ds, _config, deps: { assessments: AssessmentsService; submissions: SubmissionsService }) => new ReviewService(ds, deps.assessments, deps.submissions),
  router: reviewRouter,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    review: ReturnType<typeof reviewManifest.services>;
  }
}
