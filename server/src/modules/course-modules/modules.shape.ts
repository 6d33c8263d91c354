import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { coursePlace } from '../courses';
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
  course: coursePlace(m.course, m.courseId),
  createdAt: m.createdAt,
  version: m.version,
}));
