import { ClassesResolver } from './classes.resolver';
import { PlacementResolver } from './placement.resolver';
import { SubjectsResolver } from './subjects.resolver';
import { TeacherAssignmentsResolver } from './teacher-assignments.resolver';
import { YearsResolver } from './years.resolver';

/** The academic structure's resolvers, registered together in app/schema.ts. */
export const academicResolvers = [YearsResolver, ClassesResolver, SubjectsResolver, TeacherAssignmentsResolver, PlacementResolver] as const;
