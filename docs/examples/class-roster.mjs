#!/usr/bin/env node
// List a class roster: the students placed in a course's class and academic year, as CSV
// (lastName, firstName, email), by last name.
//
//   LMS_TOKEN=lmspat_... node class-roster.mjs MATH-5A
//
// A READ token of one of the course's teachers is enough.
import { courseByTitle, gql, run } from './lms.mjs';

const csvField = (s) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

run(async () => {
  const title = process.argv[2];
  if (!title) throw new Error('usage: node class-roster.mjs <course title>');
  const course = await courseByTitle(title);
  const { assessmentStudents } = await gql('query($id: ID) { assessmentStudents(courseId: $id) { firstName lastName email } }', { id: course.id });
  const rows = [...assessmentStudents].sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
  console.error(`${course.class.name} ${course.academicYear.year}: ${rows.length} students`);
  process.stdout.write(['lastName,firstName,email', ...rows.map((s) => [s.lastName, s.firstName, s.email].map(csvField).join(','))].join('\n') + '\n');
});
