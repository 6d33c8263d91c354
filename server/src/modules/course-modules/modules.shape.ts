import { presenter } from '../../app/rest';
import { Actor } from '../../policies';
import { CourseModule } from './module.entity';

/**
 * A module for REST: course {_id, title, subject {name}, class {_id, name}, academicYear {_id, year}}
 * when the course was loaded (platform.md section 3), else course {_id}.
 */
export const presentModule = presenter((_viewer: Actor, m: CourseModule) => ({
  id: m.id,
  title: m.title,
  description: m.description,
  moduleType: m.moduleType,
  order: m.order,
  isVisible: m.isVisible,
  course: m.course
    ? {
      id: m.course.id,
      title: m.course.title,
      subject: m.course.subject ? { id: m.course.subject.id, name: m.course.subject.name } : null,
      class: m.course.class ? { id: m.course.class.id, name: m.course.class.name } : null,
      academicYear: m.course.academicYear ? { id: m.course.academicYear.id, year: m.course.academicYear.year } : null,
    }
    : { id: m.courseId },
  createdAt: m.createdAt,
  version: m.version,
}));
