import { AcademicYear } from './academic-year.entity';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';
import { TeacherAssignment } from './teacher-assignment.entity';

/** The academic structure's entities, registered together in db/entities.ts. */
export const academicEntities = [AcademicYear, SchoolClass, Subject, TeacherAssignment];
