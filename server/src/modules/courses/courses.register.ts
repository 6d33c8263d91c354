import { DataSource } from 'typeorm';
import { Config } from '../../config';
import { FilesService, createFileStore } from '../files/files.service';
import { CoursesService } from './courses.service';
import { CoursesResolver } from './courses.resolver';
import { courseLoaders } from './courses.loaders';
import { ModulesService } from '../course-modules/modules.service';
import { CourseModulesFieldResolver, ModulesResolver } from '../course-modules/modules.resolver';
import { moduleLoaders } from '../course-modules/modules.loaders';
import { ContentService } from '../content/content.service';
import { ContentResolver, ModuleContentsFieldResolver } from '../content/content.resolver';
import { contentLoaders } from '../content/content.loaders';
import { AnnouncementsService } from '../announcements/announcements.service';
import { AnnouncementsResolver, CourseAnnouncementsFieldResolver } from '../announcements/announcements.resolver';
import { announcementLoaders } from '../announcements/announcements.loaders';
import { DiscussionsService } from '../discussions/discussions.service';
import { CourseDiscussionsFieldResolver, DiscussionsResolver } from '../discussions/discussions.resolver';
import { discussionLoaders } from '../discussions/discussions.loaders';

/**
 * The registration points of courses, modules, content, announcements, discussions and files, so the
 * shared files (app/services.ts, loaders.ts, schema.ts) each add one line.
 */
export function createCourseServices(ds: DataSource, config: Config) {
  const files = new FilesService(createFileStore(config));
  const courses = new CoursesService(ds, files);
  const modules = new ModulesService(ds, courses, files);
  const content = new ContentService(ds, modules, files);
  const announcements = new AnnouncementsService(ds, courses);
  const discussions = new DiscussionsService(ds, courses);
  return { files, courses, modules, content, announcements, discussions };
}

export const courseResolvers = [
  CoursesResolver,
  ModulesResolver,
  CourseModulesFieldResolver,
  ContentResolver,
  ModuleContentsFieldResolver,
  AnnouncementsResolver,
  CourseAnnouncementsFieldResolver,
  DiscussionsResolver,
  CourseDiscussionsFieldResolver,
] as const;

export function allCourseLoaders(ds: DataSource) {
  return { ...courseLoaders(ds), ...moduleLoaders(ds), ...contentLoaders(ds), ...announcementLoaders(ds), ...discussionLoaders(ds) };
}
