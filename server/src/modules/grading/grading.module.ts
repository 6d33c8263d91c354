import { defineModule } from '../../app/module';
import type { AssessmentsService } from '../assessments/assessments.service';
import type { SubmissionsService } from '../submissions/submissions.service';
import { GradingResolver } from './grading.resolver';
import { GradingService } from './grading.service';
import { gradingLoaders } from './grading.loaders';
import { gradingRouter } from './grading.rest';

/** Teachers grade (per question, with a version check), reopen and extend, and create submissions for overdue students (ctx.services.grading). */
export const gradingModule = defineModule({
  name: 'grading',
  resolvers: [GradingResolver],
  services: (ds, _config, deps: { assessments: AssessmentsService; submissions: SubmissionsService }) => new GradingService(ds, deps.assessments, deps.submissions),
  loaders: gradingLoaders,
  router: gradingRouter,
});
