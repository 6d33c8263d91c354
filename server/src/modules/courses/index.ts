/**
 * The courses domain's public face: all that other domains, the composition root, jobs and tests may import from it
 * (eslint.config.mjs refuses an import of any other file of this folder from outside it).
 */
export { Course } from './course.entity';
export { CourseFactsRow, TAUGHT_BY } from './courses.facts';
export { ModuleDeleteImpact } from './courses.impact';
export { CourseRowsAsked, WHOLE_COURSES } from './courses.list';
export { coursesManifest } from './courses.manifest';
export { courseFacts, moduleDeleteImpact, oneCourseFacts } from './courses.repository';
export { copyContent, copyModule } from './courses.repository.copy';
export { CoursesService } from './courses.service';
export { coursePlace, presentCourse, presentCourseStudentInfo } from './courses.shape';
export { StudentCourses, coursesAsked } from './courses.types';
export { COURSE_TEXT, DESCRIPTION_MAX, POST_MAX, TITLE_MAX } from './courses.validation';
