// GraphQL operations of the load scenarios (src/run.mjs), in the shapes the web client sends (web/src/features).

export const ME = `query Me {
  me {
    user { id firstName lastName email role activated }
    activeRole
    isImpersonating
    abilities { manageUsers assignableRoles switchableRoles manageAcademicStructure markAttendance viewOwnAttendance }
  }
}`;

export const USERS = `query Users($role: Role, $search: String, $offset: Int! = 0, $limit: Int! = 50) {
  users(role: $role, search: $search, offset: $offset, limit: $limit) {
    items { id firstName lastName email role activated createdAt }
    total
  }
}`;

// the course-management page: the tree of the year open at load (the first of `academicYears`, newest first);
// the page also asks for the years list (id, year, isActive) and subjects { id }, a small separate request
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

export const MY_ATTENDANCE = `query MyAttendance($classId: ID, $subjectId: ID, $offset: Int! = 0, $limit: Int! = 50) {
  myAttendance(classId: $classId, subjectId: $subjectId, offset: $offset, limit: $limit) {
    items { ...AttendanceRecordFields }
    total
    summary { total present absent late rate }
    studentInfo { class { id name grade } academicYear { id year } }
    classes { id name grade }
    subjects { id name }
  }
}
${RECORD_FIELDS}`;

