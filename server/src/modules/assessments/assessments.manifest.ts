import { defineManifest } from '../../core/manifest';
import type { CoursesService } from '../courses';
import type { ModulesService } from '../course-modules';
import type { QuestionBanksService } from './assessments.banks';
import { Assessments1732300009000 } from './1732300009000-Assessments';
import { Assessment } from './assessment.entity';
import { AssessmentsResolver, CourseAssessmentsFieldResolver, ModuleQuizzesFieldResolver } from './assessments.resolver';
import { AssessmentsService } from './assessments.service';
import { assessmentLoaders } from './assessments.loaders';
import { assessmentsRouter } from './assessments.rest';
import { assessmentSeeder } from './assessments.seed';

/** Assignments, exams and quizzes with their questions (ctx.services.assessments). */
export const assessmentsManifest = defineManifest({
  name: 'assessments',
  entities: [Assessment],
  migrations: [Assessments1732300009000],
  resolvers: [AssessmentsResolver, CourseAssessmentsFieldResolver, ModuleQuizzesFieldResolver],
  services: (ds, _config, deps: { courses: CoursesService; modules: ModulesService; questionBanks: QuestionBanksService }) =>
    new AssessmentsService(ds, deps.courses, deps.modules, deps.questionBanks),
  loaders: assessmentLoaders,
  router: assessmentsRouter,
  seed: assessmentSeeder,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    assessments: ReturnType<typeof assessmentsManifest.services>;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the loaders' own type, merged into the registry
  interface Loaders extends ReturnType<NonNullable<typeof assessmentsManifest.loaders>> {}
}
