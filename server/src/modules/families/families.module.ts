import { defineModule } from '../../app/module';
import { Families1732300013000 } from '../../db/migrations/1732300013000-Families';
import { ChildrenResolver, FamiliesResolver, UserFamilyResolver } from './families.resolver';
import { FamiliesService } from './families.service';
import { ChildrenService } from './families.children';
import type { CoursesService } from '../courses/courses.service';
import type { SubmissionsService } from '../submissions/submissions.service';
import type { AttendanceService } from '../attendance/attendance.service';
import { familiesRouter } from './families.rest';
import { familyLoaders } from './families.loaders';
import { seedDemoFamilies } from './families.seed';

/** Families (issue 17): parents linked to students, and the parent's read-only view of each linked child (ctx.services.families). */
export const familiesModule = defineModule({
  name: 'families',
  migrations: [Families1732300013000],
  resolvers: [FamiliesResolver, UserFamilyResolver, ChildrenResolver],
  services: (ds, _config, deps: { courses: CoursesService; submissions: SubmissionsService; attendance: AttendanceService }) =>
    new FamiliesService(ds, new ChildrenService(ds, deps.courses, deps.submissions, deps.attendance)),
  loaders: familyLoaders,
  router: familiesRouter,
  seed: (m, users) => seedDemoFamilies(m, users),
});
