import { defineManifest } from '../../core/manifest';
import { SubmissionTables1732300009100 } from './1732300009100-SubmissionTables';
import type { AssessmentsService } from '../assessments';
import type { FilesService } from '../files';
import { Submissions1732300010000 } from './1732300010000-Submissions';
import { DraftFiles1732300025000 } from './1732300025000-DraftFiles';
import { AssessmentSubmissionFields, SubmissionsResolver } from './submissions.resolver';
import { SubmissionsService } from './submissions.service';
import { submissionLoaders } from './submissions.loaders';
import { submissionsRouter } from './submissions.rest';
import { submissionSeeder } from './submissions.seed';

/** Students take assessments: submissions, answers, automatic grades, drafts, result visibility (ctx.services.submissions). */
export const submissionsManifest = defineManifest({
  name: 'submissions',
  migrations: [SubmissionTables1732300009100, Submissions1732300010000, DraftFiles1732300025000],
  resolvers: [SubmissionsResolver, AssessmentSubmissionFields],
  services: (ds, _config, deps: { assessments: AssessmentsService; files: FilesService }, events) =>
    new SubmissionsService(ds, deps.assessments, deps.files, events),
  loaders: submissionLoaders,
  router: submissionsRouter,
  seed: submissionSeeder,
  fileReferences: [
    { table: 'submission_answers', column: 'file_id' },
    { table: 'submission_draft_files', column: 'file_id' },
  ],
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    submissions: ReturnType<typeof submissionsManifest.services>;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the loaders' own type, merged into the registry
  interface Loaders extends ReturnType<NonNullable<typeof submissionsManifest.loaders>> {}
}

// the events this domain's writes announce (core/events.ts): An item's results released to its students (a second release announces it again; listeners keep it once).
declare module '../../core/events' {
  interface DomainEvents {
    resultsReleased: { assessmentId: string };
  }
}
