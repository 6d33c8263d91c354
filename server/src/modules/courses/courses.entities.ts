import { StoredFile } from '../files/stored-file.entity';
import { Course } from './course.entity';
import { CourseModule } from '../course-modules/module.entity';
import { Content } from '../content/content.entity';
import { Announcement } from '../announcements/announcement.entity';
import { Discussion } from '../discussions/discussion.entity';

/** Entities of courses, modules, content (with stored files), announcements and discussions, registered together. */
export const courseEntities = [StoredFile, Course, CourseModule, Content, Announcement, Discussion];
