import { defineManifest } from '../../core/manifest';
import { Families1732300013000 } from './1732300013000-Families';
import { ChildrenResolver, FamiliesResolver, UserFamilyResolver } from './families.resolver';
import { FamiliesService } from './families.service';
import { ChildrenService } from './families.children';
import type { CoursesService } from '../courses';
import type { SubmissionsService } from '../submissions';
import type { AttendanceService } from '../attendance';
import { familiesRouter } from './families.rest';
import { familyLoaders } from './families.loaders';
import { seedDemoFamilies } from './families.seed';

/** Families (issue 17): parents linked to students, and the parent's read-only view of each linked child (ctx.services.families). */
export const familiesManifest = defineManifest({
  name: 'families',
  migrations: [Families1732300013000],
  resolvers: [FamiliesResolver, UserFamilyResolver, ChildrenResolver],
  services: (ds, _config, deps: { courses: CoursesService; submissions: SubmissionsService; attendance: AttendanceService }) =>
    new FamiliesService(ds, new ChildrenService(ds, deps.courses, deps.submissions, deps.attendance)),
  loaders: familyLoaders,
  router: familiesRouter,
  seed: (m, users) => seedDemoFamilies(m, users),
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    families: ReturnType<typeof familiesManifest.services>;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the loaders' own type, merged into the registry
  interface Loaders extends ReturnType<NonNullable<typeof familiesManifest.loaders>> {}
}
