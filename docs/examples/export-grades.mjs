#!/usr/bin/env node
// Export a course's grades as CSV: one row per student, a column per assignment, exam and quiz, and the
// course average, exactly as the teacher's Gradebook exports it.
//
//   LMS_TOKEN=lmspat_... node export-grades.mjs MATH-5A > math-5a.csv
//
// A READ token is enough. The course's teachers, SuperAdmin and Admin may export; an application needs the
// gradebook.readonly (or graphql.readonly) scope.
import { courseByTitle, gql, run } from './lms.mjs';

run(async () => {
  const title = process.argv[2];
  if (!title) throw new Error('usage: node export-grades.mjs <course title>');
  const course = await courseByTitle(title);
  const { gradebook } = await gql('query($id: ID!) { gradebook(courseId: $id) { csv } }', { id: course.id });
  process.stdout.write(gradebook.csv);
});
