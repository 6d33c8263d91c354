import { defineManifest } from '../../core/manifest';
import { AcademicPeriods1732300026900 } from './1732300026900-AcademicPeriods';
import { Academic1732300001000 } from './1732300001000-Academic';
import { Allocations1732300005000 } from './1732300005000-Allocations';
import { OneActiveYear1732300008500 } from './1732300008500-OneActiveYear';
import { AcademicYear } from './academic-year.entity';
import { AcademicPeriod } from './academic-period.entity';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';
import { Allocation } from './allocation.entity';
import { YearsResolver } from './years.resolver';
import { PeriodsResolver } from './periods.resolver';
import { ClassesResolver } from './classes.resolver';
import { SubjectsResolver } from './subjects.resolver';
import { AllocationsResolver } from './allocations.resolver';
import { PlacementResolver } from './placement.resolver';
import { YearsService } from './years.service';
import { PeriodsService } from './periods.service';
import { ClassesService } from './classes.service';
import { SubjectsService } from './subjects.service';
import { AllocationsService } from './allocations.service';
import { PlacementService } from './placement.service';
import { academicLoaders } from './academic.loaders';
import { academicRouter } from './academic.rest';
import { academicSeeder } from './academic.seed';

/** The academic structure: years (with their terms and grading periods), classes, subjects, allocations, student placement (ctx.services.academic.<part>). */
export const academicManifest = defineManifest({
  name: 'academic',
  entities: [AcademicYear, AcademicPeriod, SchoolClass, Subject, Allocation],
  migrations: [Academic1732300001000, Allocations1732300005000, OneActiveYear1732300008500, AcademicPeriods1732300026900],
  resolvers: [YearsResolver, PeriodsResolver, ClassesResolver, SubjectsResolver, AllocationsResolver, PlacementResolver],
  services: (ds, _config, _deps, events) => ({
    years: new YearsService(ds),
    periods: new PeriodsService(ds),
    classes: new ClassesService(ds),
    subjects: new SubjectsService(ds),
    allocations: new AllocationsService(ds),
    placement: new PlacementService(ds, events),
  }),
  loaders: academicLoaders,
  router: academicRouter,
  seed: academicSeeder,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    academic: ReturnType<typeof academicManifest.services>;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the loaders' own type, merged into the registry
  interface Loaders extends ReturnType<NonNullable<typeof academicManifest.loaders>> {}
}

// the events this domain's writes announce (core/events.ts): Students moved into a class and year (not those already there): their placement's transaction.
declare module '../../core/events' {
  interface DomainEvents {
    studentsPlaced: { studentIds: string[]; classId: string; academicYearId: string };
  }
}
