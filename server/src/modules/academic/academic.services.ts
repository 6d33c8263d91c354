import { DataSource } from 'typeorm';
import { ClassesService } from './classes.service';
import { PlacementService } from './placement.service';
import { SubjectsService } from './subjects.service';
import { TeacherAssignmentsService } from './teacher-assignments.service';
import { YearsService } from './years.service';

/** The academic structure's services, reached as ctx.services.academic.<name>. */
export function createAcademicServices(ds: DataSource) {
  return {
    years: new YearsService(ds),
    classes: new ClassesService(ds),
    subjects: new SubjectsService(ds),
    teacherAssignments: new TeacherAssignmentsService(ds),
    placement: new PlacementService(ds),
  };
}
