#!/usr/bin/env node
// List a class roster: the students placed in a course's class and academic year, as CSV
// (lastName, firstName, email), by last name.
//
//   LMS_TOKEN=lmspat_... node class-roster.mjs MATH-5A
//
// A READ token of one of the course's teachers is enough.
import { courseByTitle, run, walk } from './lms.mjs';

const csvField = (s) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

run(async () => {
  const title = process.argv[2];
  if (!title) throw new Error('usage: node class-roster.mjs <course title>');
  const course = await courseByTitle(title);
  // the class's students a page at a time (a class belongs to one academic year, so its id names the year too)
  const rows = await walk(
    'query($class: ID!, $first: Int, $after: String) { users(classId: $class, role: STUDENT, first: $first, after: $after) { nodes { firstName lastName email } pageInfo { hasNextPage endCursor } } }',
    { class: course.class.id },
    (d) => d.users,
  );
  console.error(`${course.class.name} ${course.academicYear.year}: ${rows.length} students`);
  process.stdout.write(
    ['lastName,firstName,email', ...rows.map((s) => [s.lastName, s.firstName, s.email].map(csvField).join(','))].join('\n') + '\n',
  );
});
