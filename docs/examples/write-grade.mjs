#!/usr/bin/env node
// Write a grade: the score (and feedback) of one question of one student's submission.
//
//   LMS_TOKEN=lmspat_... node write-grade.mjs MATH-5A "Fractions homework (results at once)" student@demo.school 4 4.5 "Clear reasoning"
//
// Arguments: course title, assignment or exam title, the student's email, the question's number (1 is the
// first), the score (0 to the question's points, at most 2 decimals) and optional feedback. Needs a
// READ_WRITE token of one of the course's teachers. The grade's version is sent back, so a grade someone
// changed meanwhile is refused (CONFLICT) instead of overwritten.
import { LmsError, courseByTitle, gql, run, walk } from './lms.mjs';

const DASHBOARD = `query($id: ID!) { gradingDashboard(assessmentId: $id) {
  assessment { questions { id points } }
  submitted { id student { email } answers { questionId grade { version } } }
  reopened { id student { email } answers { questionId grade { version } } } } }`;

const GRADE = `mutation($input: GradeAnswerInput!) { gradeAnswer(input: $input) {
  id totalScore maxScore status answers { questionId grade { score feedback version } } } }`;

run(async () => {
  const [courseTitle, itemTitle, email, number, score, feedback] = process.argv.slice(2);
  if (!score) throw new Error('usage: node write-grade.mjs <course> <item> <student email> <question number> <score> [feedback]');
  const course = await courseByTitle(courseTitle);
  const items = [];
  for (const kind of ['ASSIGNMENT', 'EXAM']) {
    items.push(
      ...(await walk(
        'query($id: ID!, $kind: AssessmentKind!, $first: Int, $after: String) { assessments(courseId: $id, kind: $kind, first: $first, after: $after) { nodes { id title } pageInfo { hasNextPage endCursor } } }',
        { id: course.id, kind },
        (d) => d.assessments,
      )),
    );
  }
  const item = items.find((i) => i.title === itemTitle);
  if (!item) throw new LmsError('NOT_FOUND', `No assignment or exam titled ${itemTitle} in ${course.title}`, 404);
  const { gradingDashboard: d } = await gql(DASHBOARD, { id: item.id });
  const question = d.assessment.questions[Number(number) - 1];
  if (!question) throw new LmsError('NOT_FOUND', `${itemTitle} has ${d.assessment.questions.length} questions`, 404);
  const submission = [...d.submitted, ...d.reopened].find((s) => s.student.email.toLowerCase() === email.toLowerCase());
  if (!submission) throw new LmsError('NOT_FOUND', `${email} has not submitted ${itemTitle}`, 404);
  const current = submission.answers.find((a) => a.questionId === question.id)?.grade;
  const input = { submissionId: submission.id, questionId: question.id, score: Number(score), expectedVersion: current?.version ?? 0 };
  if (feedback !== undefined) input.feedback = feedback;
  const { gradeAnswer } = await gql(GRADE, { input });
  console.log(
    `${email}: question ${number} of ${itemTitle} graded ${score}/${question.points}; total ${gradeAnswer.totalScore}/${gradeAnswer.maxScore} (${gradeAnswer.status})`,
  );
});
