// GraphQL operations of the load scenarios (src/run.mjs), in the shapes the web client sends (web/src/features).

/** web/src/lib/listMax.ts: a page that shows a whole list asks for the most one page may hold. */
export const LIST_MAX = 500;

export const ME = `query Me {
  me {
    user { id firstName lastName email role activated }
    activeRole
    isImpersonating
    abilities { manageUsers assignableRoles switchableRoles manageAcademicStructure markAttendance viewOwnAttendance }
  }
}`;

export const USERS = `query Users($role: Role, $search: String, $first: Int! = 50, $after: String) {
  users(role: $role, search: $search, first: $first, after: $after) {
    nodes { id firstName lastName email role activated createdAt }
    totalCount
  }
}`;

// the course-management page: the tree of the year open at load (the first of `academicYears`, newest first);
// the page also asks for the years list (id, year, isActive) and subjects(first: 1) { totalCount }, a small separate request
export const ACADEMIC_TREE = `query CourseManagementTree($academicYearId: ID!) {
  academicTree(academicYearId: $academicYearId) {
    id
    classes {
      id name grade description isActive
      allocations {
        id
        subject { id name }
        teachers { id firstName lastName }
      }
    }
  }
}`;

export const MY_COURSES = `query MyCourses {
  myCourses {
    academicYear { id year isActive }
    classes {
      class { id name }
      subjects {
        allocationId
        subject { id name }
        courses { id title description }
      }
    }
  }
}`;

export const COURSE_PAGE = `query CoursePage($id: ID!) {
  course(id: $id) {
    id title description version viewerCanManage
    subject { id name }
    class { id name }
    academicYear { id year isActive }
    teachers { id firstName lastName }
    modules {
      id title description moduleType order isVisible version
      contents { id title description contentType fileName fileSize mimeType isVisible downloadUrl version }
    }
    announcements { id courseId title content isVisible createdAt version author { id firstName lastName } }
    discussions {
      ...Post
      replies { ...Post }
    }
  }
}
fragment Post on Discussion {
  id title content createdAt version parentDiscussionId viewerCanChange
  author { id firstName lastName role }
}`;

export const STUDENT_COURSES = `query StudentCourses {
  studentCourses {
    studentInfo {
      academicYear { id year isActive }
      class { id name }
    }
    courses {
      id title
      subject { id name }
      class { id name }
      academicYear { id year isActive }
    }
  }
}`;

const RECORD_FIELDS = `fragment AttendanceRecordFields on AttendanceRecord {
  id date status notes version
  student { id firstName lastName }
  class { id name grade }
  subject { id name }
  teacher { id firstName lastName }
}`;

export const ATTENDANCE_SHEET = `query AttendanceSheet($classId: ID!, $subjectId: ID!, $academicYearId: ID!, $date: String!) {
  attendanceRoster(classId: $classId, subjectId: $subjectId, academicYearId: $academicYearId) { id firstName lastName email }
  attendanceForDate(classId: $classId, subjectId: $subjectId, date: $date) { ...AttendanceRecordFields }
}
${RECORD_FIELDS}`;

export const MY_ATTENDANCE = `query MyAttendance($classId: ID, $subjectId: ID, $first: Int! = 50, $after: String) {
  myAttendance(classId: $classId, subjectId: $subjectId) {
    records(first: $first, after: $after) { nodes { ...AttendanceRecordFields } totalCount }
    summary { total present absent late rate }
    studentInfo { class { id name grade } academicYear { id year } }
    classes { id name grade }
    subjects { id name }
  }
}
${RECORD_FIELDS}`;

// ---------------------------------------------------------------- assessments (issue 15), web/src/features/{grading,review,submissions}

const COURSE_SUMMARY = `fragment CourseSummary on Course {
  id title
  subject { id name }
  class { id name }
  academicYear { id year isActive }
}`;

const MY_STATUS = `fragment MyStatusFields on MyAssessmentStatus {
  status label courseLabel opensOn courseOpensOn dueDate originalDueDate isExtended isReopened isOverdue canSubmit submissionId
  score { totalScore maxScore percentage isAutoSubmitted }
}`;

// grading.graphql GradingDashboard: the whole dashboard page of one item
export const GRADING_DASHBOARD = `query GradingDashboard($assessmentId: ID!) {
  gradingDashboard(assessmentId: $assessmentId) {
    assessment { ...GradingAssessment }
    isPastDue totalStudents submittedCount notSubmittedCount overdueCount gradedCount reopenedCount
    submitted { ...GradingSubmission }
    overdue { student { id firstName lastName email } dueDate }
    reopened { ...GradingSubmission }
    cursor
  }
}
fragment GradingQuestion on Question {
  id type questionText points order
  options { id text isCorrect }
  acceptedAnswers { answer weight }
  partialMarking { enabled penaltyPerWrong }
}
fragment GradingGrade on SubmissionGrade { questionId score maxScore feedback isAutoGraded autoScore gradedByName version }
fragment GradingSubmission on Submission {
  id assessmentId status isAutoSubmitted allowedAfterDue customDueDate submittedAt totalScore maxScore percentage version updatedAt
  student { id firstName lastName email }
  answers {
    questionId answer selectedOptionIds selectedOptions
    file { id name size mimeType }
    grade { ...GradingGrade }
  }
}
fragment GradingAssessment on Assessment {
  id kind title dueDate totalPoints
  course { id title }
  module { id title }
  questions { ...GradingQuestion }
}`;

// review.graphql ReviewItems: Assignment / Quiz / Exam Review (the page asks for the most a page holds, web/src/lib/listMax.ts)
export const REVIEW_ITEMS = `query ReviewItems($kind: AssessmentKind!, $max: Int!) {
  reviewItems(kind: $kind, first: $max) { nodes { ...ReviewCard } }
}
fragment ReviewCard on ReviewItem {
  assessment { id kind title description dueDate }
  yearLabel className subjectName submissionCount gradedCount pendingCount badge badgeLabel
}`;

// submissions.graphql MyAssessments: My Assignments / My Quizzes / My Exams
export const MY_ASSESSMENTS = `query MyAssessments($kind: AssessmentKind!, $max: Int!) {
  myAssessments(kind: $kind, first: $max) { nodes { ...MyAssessmentItem } }
  me { user { id class { id } } }
}
fragment MyAssessmentItem on Assessment {
  id kind title description dueDate totalPoints
  course { ...CourseSummary }
  myStatus { ...MyStatusFields }
}
${COURSE_SUMMARY}
${MY_STATUS}`;

const STUDENT_HEADER = `fragment StudentAssessmentHeader on Assessment {
  id kind title description instructions dueDate totalPoints resultVisibility
  questions { id type questionText points order options { id text } }
  myStatus { ...MyStatusFields }
}
${MY_STATUS}`;

const MY_SUBMISSION_VIEW = `fragment MySubmissionView on Submission {
  id assessmentId status isAutoSubmitted allowedAfterDue customDueDate submittedAt totalScore maxScore percentage
  resultsVisible gradesVisible correctAnswersVisible
  answers {
    questionId answer selectedOptionIds selectedOptions
    file { id name size mimeType }
    grade { questionId score maxScore feedback isAutoGraded explanation { text } }
    correctOptionIds acceptedAnswers
  }
}`;

// submissions.graphql ViewPage: /dashboard/{kind}/{id}/view
export const VIEW_PAGE = `query ViewPage($id: ID!) {
  assessment(id: $id) {
    ...StudentAssessmentHeader
    mySubmission { ...MySubmissionView }
  }
}
${STUDENT_HEADER}
${MY_SUBMISSION_VIEW}`;

// submissions.graphql SubmitAssessment (JSON body: no files)
export const SUBMIT_ASSESSMENT = `mutation SubmitAssessment($input: SubmitAssessmentInput!, $files: [Upload!]) {
  submitAssessment(input: $input, files: $files) { ...MySubmissionView }
}
${MY_SUBMISSION_VIEW}`;
