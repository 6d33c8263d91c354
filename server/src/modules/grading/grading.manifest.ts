import { defineManifest } from '../../core/manifest';
import { openForLateJoiners } from './grading.repository.late-join';
import { newRouter } from '../../core/rest';
import { CommentBank1732300025100 } from './1732300025100-CommentBank';
import { Review1732300012000 } from './1732300012000-Review';
import { OverduePolicy1732300024000 } from './1732300024000-OverduePolicy';
import type { AssessmentsService } from '../assessments';
import type { SubmissionsService } from '../submissions';
import { GradingResolver } from './grading.resolver';
import { GradingService } from './grading.service';
import { gradingLoaders } from './grading.loaders';
import { gradingRouter } from './grading.rest';
import { DashboardsResolver } from './dashboards.resolver';
import { DashboardsService } from './dashboards.service';
import { dashboardsRouter } from './dashboards.rest';

/**
 * The teacher's side of submissions, one domain (issues 13 and 29): what a teacher reads to grade (the grading
 * dashboards, their change feed, the review lists, auto-submitting overdue work: ctx.services.grading.grades.dashboards)
 * and the grades they write (per question or Save all, with a version check; reopen and extend; create submissions
 * for overdue students; the comment bank: ctx.services.grading.grades.grades).
 */
export const gradingManifest = defineManifest({
  name: 'grading',
  migrations: [Review1732300012000, OverduePolicy1732300024000, CommentBank1732300025100],
  resolvers: [DashboardsResolver, GradingResolver],
  services: (ds, _config, deps: { assessments: AssessmentsService; submissions: SubmissionsService }, events) => ({
    dashboards: new DashboardsService(ds, deps.assessments, deps.submissions),
    grades: new GradingService(ds, deps.assessments, deps.submissions, events),
  }),
  // a student placed late is not overdue for the class's work already past due (grading.repository.late-join.ts)
  on: { studentsPlaced: (m, e) => openForLateJoiners(m, e.studentIds, e.classId, e.academicYearId) },
  loaders: gradingLoaders,
  router: () => newRouter().use(dashboardsRouter()).use(gradingRouter()),
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    grading: ReturnType<typeof gradingManifest.services>;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the loaders' own type, merged into the registry
  interface Loaders extends ReturnType<NonNullable<typeof gradingManifest.loaders>> {}
}

// the events this domain's writes announce (core/events.ts): Submissions whose grades a teacher saved; a submission reopened (or extended again) for its student.
declare module '../../core/events' {
  interface DomainEvents {
    submissionsGraded: { submissionIds: string[] };
    submissionReopened: { submissionId: string };
  }
}
