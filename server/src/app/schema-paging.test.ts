import { GraphQLField, GraphQLNamedType, getNullableType, isListType, isObjectType } from 'graphql';
import { buildAppSchema } from './schema';

/**
 * Every list that grows with the school is paged (issue 26): a list field is a connection (first/after) or it
 * is named here with why it stays whole. A new list field fails this test until it is either. Whole lists are
 * bounded by one object (a question's options, a course's modules, one class), by a person's own few (sessions,
 * children, to-do), by dates (the calendar), or by the school's years (a handful).
 */
const WHOLE: Record<string, string> = {
  // a person's own (the issue names sessions, children and to-do)
  'Query.mySessions': "a person's own sessions",
  'Query.accessTokens': "a person's own access tokens",
  'Query.myCommentSnippets': "a teacher's own comment bank, at most 200",
  'SubmissionDraft.files': "one draft's files, one a long answer",
  'Query.applications': "the school's registered integrations, a handful",
  'Query.applicationScopes': 'the fixed list of scopes',
  'Application.scopes': "one application's scopes, from the fixed list",
  'Application.allowedIpRanges': "one application's few address ranges",
  'Query.myChildren': "a parent's own children",
  'Query.todo': "a student's own items due within 7 days",
  'Query.calendar': 'date-bounded: at most the range the calendar allows',
  'Query.myCourses': "a teacher's own allocations and courses",
  'Query.teacherCourses': "one teacher's courses",
  'Query.coursesByCode': 'one course code in one academic year: at most one course per class and subject',
  'TeacherCourseYear.classes': "one teacher's classes in one year",
  'TeacherCourseClass.subjects': "one teacher's subjects in one class",
  'TeacherCourseSubject.courses': 'one class, subject and year',
  'StudentCourses.courses': "one student's courses",
  'StudentGrades.courses': "one student's courses",
  'MyAttendance.classes': "one student's classes",
  'MyAttendance.subjects': "one student's subjects",
  'User.familyLinks': "one person's parents or children",
  'ChildSummary.dueSoon': 'the few items due next',
  'ChildSummary.recentGraded': 'the few latest graded items',
  // the school's structure: years and one year's or one class's parts
  'Query.academicYears': 'one a school year',
  'Query.academicTree': 'one year (or each year) of classes and their subjects: the course-management tree',
  'AcademicYear.classes': "one year's classes",
  'AcademicYear.periods': "one year's terms and grading periods (a handful)",
  'SchoolClass.allocations': "one class's subjects",
  'Allocation.teachers': "one allocation's teachers",
  'Abilities.assignableRoles': 'the roles',
  'Abilities.switchableRoles': 'the roles',
  // one course, module or class
  'Query.modules': "one course's modules",
  'Query.contents': "one module's contents",
  'Query.moduleQuizzes': "one module's quizzes",
  'Query.assessmentStudents': "one course's class (the students an item may target)",
  'Query.attendanceRoster': "one class's students",
  'Query.attendanceForDate': 'one class, subject and date',
  'Query.attendanceTrend': 'at most the weeks asked for (bounded)',
  'Query.reusableCourses': "a teacher's own courses of one subject",
  'Query.reusableModules': "the modules of a teacher's own courses",
  'Query.reusableContents': "the contents of a teacher's own modules",
  'Course.announcements': 'one course',
  'Course.assessments': 'one course',
  'Course.assignments': 'one course',
  'Course.exams': 'one course',
  'Course.discussions': 'one course',
  'Course.modules': 'one course',
  'Course.teachers': 'one course',
  'Module.contents': 'one module',
  'Module.quizzes': 'one module',
  'Discussion.replies': 'one thread',
  'MarkAttendancePayload.records': 'one class, subject and date',
  'MarkAttendancePayload.trend': 'at most the weeks asked for',
  'Gradebook.columns': "one course's items",
  'Gradebook.externalColumns': "one class's columns written by applications, like its items",
  'ExternalGradebookColumn.cells': "one column's results, one a student of the class",
  'Query.oneRosterImports': 'the 20 most recent imports',
  'OneRosterImport.files': 'the files of one zip, as its manifest names them',
  'OneRosterImport.counts': 'one count per kind of record',
  'OneRosterImport.problems': "one import's refused rows, at most 1,000 (moreProblems says how many more)",
  'GradebookRow.cells': "one student's cells of one course",
  'CourseGrades.items': "one student's items of one course",
  'CourseGrades.trend': "one student's items of one course",
  'GradingDashboard.overdue': "one item's class",
  'GradingDashboard.joinedLate': "one item's class",
  'GradingDashboard.reopened': "one item's class",
  'GradingDashboard.submitted': "one item's class",
  'GradingChanges.submissions': "what changed in one item's class since a cursor",
  'ImportUsersResult.rows': 'the rows sent (at most 1,000)',
  // one bank (at most 2,000 questions: BANK_MAX) or one question of it; one import's report
  'QuestionBank.questions': 'one bank, at most 2,000 questions',
  'QuestionBank.tags': "the tags of one bank's questions",
  'BankQuestion.options': 'one question',
  'BankQuestion.acceptedAnswers': 'one question',
  'BankQuestion.tags': "one question's tags, at most 20",
  'BankQuestion.usedIn': "the items of the school that hold one question: a teacher's uses of it",
  'QuestionStatistics.options': "one question's options",
  'Assessment.randomDraws': "one item's draws",
  'Assessment.drawnQuestions': "one item's drawn questions: at most each of its draws' banks",
  'BankQuestion.images': "one question's images: only by a QTI import, what its item shows (a package holds at most 3,000 files)",
  'Question.images': "one question's images, as its bank question's",
  'QtiImportResult.questions': 'one package, at most 1,000 items',
  'QtiImportResult.skipped': 'one package, at most 1,000 items',
  'QtiImportedQuestion.notes': "one item's notes",
  // one item, question or submission
  'Assessment.questions': 'one item',
  'Assessment.targetStudents': 'one item',
  'AssessmentCloneChanges.droppedStudents': 'one item',
  'AssessmentRegradePreview.changes': 'one item',
  'AssessmentRegradePreview.regradedQuestionIds': 'one item',
  'Question.options': 'one question',
  'Question.acceptedAnswers': 'one question',
  'Submission.answers': 'one submission',
  'SubmissionDraft.answers': 'one draft',
  'SubmissionAnswer.acceptedAnswers': 'one question',
  'SubmissionAnswer.correctOptionIds': 'one question',
  'SubmissionAnswer.selectedOptionIds': 'one question',
  'SubmissionAnswer.selectedOptions': 'one question',
  'DraftAnswer.selectedOptionIds': 'one question',
  'GradeExplanation.missedOptionIds': 'one question',
  'GradeExplanation.rightOptionIds': 'one question',
  'GradeExplanation.wrongOptionIds': 'one question',
};

const isConnection = (t: GraphQLNamedType) => isObjectType(t) && /Connection$/.test(t.name) && 'pageInfo' in t.getFields();
const isEdge = (t: GraphQLNamedType) => isObjectType(t) && /Edge$/.test(t.name) && 'cursor' in t.getFields();

async function fields(): Promise<Array<{ coordinate: string; field: GraphQLField<unknown, unknown> }>> {
  const schema = await buildAppSchema();
  return (
    Object.values(schema.getTypeMap())
      // what a mutation answers is what it was sent (at most a bounded batch)
      .filter((t) => isObjectType(t) && !t.name.startsWith('__') && t.name !== 'Mutation')
      .flatMap((t) =>
        isObjectType(t) ? Object.values(t.getFields()).map((field) => ({ coordinate: `${t.name}.${field.name}`, field, type: t })) : [],
      )
      // a connection's own edges and nodes are its page
      .filter(({ type }) => !isConnection(type) && !isEdge(type))
  );
}

describe('every list that grows with the school is paged', () => {
  it('a list field is a connection or is named as bounded', async () => {
    const unpaged = (await fields()).filter(({ coordinate, field }) => isListType(getNullableType(field.type)) && !WHOLE[coordinate]);
    expect(unpaged.map((f) => f.coordinate)).toEqual([]);
  });

  it('every connection takes first and after', async () => {
    const all = await fields();
    const connections = all.filter(({ field }) => isConnection(getNullableType(field.type) as GraphQLNamedType));
    expect(connections.map((c) => c.coordinate)).toEqual(
      expect.arrayContaining([
        'Query.users',
        'Query.classes',
        'Query.subjects',
        'Query.allocations',
        'Query.courses',
        'Query.notifications',
        'MyAttendance.records',
        'SchoolClass.students',
      ]),
    );
    const missing = connections.filter(({ field }) => !['first', 'after'].every((a) => field.args.some((x) => x.name === a)));
    expect(missing.map((c) => c.coordinate)).toEqual([]);
  });

  it('names no list that is gone or became a connection', async () => {
    const lists = new Set((await fields()).filter(({ field }) => isListType(getNullableType(field.type))).map((f) => f.coordinate));
    expect(Object.keys(WHOLE).filter((c) => !lists.has(c))).toEqual([]);
  });
});
