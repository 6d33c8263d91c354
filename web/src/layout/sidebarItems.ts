import type { Role } from '../gql/types';

export interface NavLink {
  label: string;
  to: string;
  /** Opens the role switcher instead of a page (the spec's Impersonate Role link: Switch Role is the feature). */
  opensRoleSwitcher?: boolean;
}

export interface NavGroup {
  label: string;
  children: NavLink[];
}

export type NavItem = NavLink | NavGroup;

export function isNavGroup(item: NavItem): item is NavGroup {
  return 'children' in item;
}

/** Sidebar entries by active role (spec section 6), with the link targets of section 2. */
export const SIDEBAR_ITEMS: Record<Role, NavItem[]> = {
  SUPER_ADMIN: [
    { label: 'System Overview', to: '/dashboard' },
    { label: 'Manage Schools', to: '/dashboard/schools' },
    { label: 'Manage Users', to: '/dashboard/users' },
    { label: 'Impersonate Role', to: '/dashboard/impersonate', opensRoleSwitcher: true },
    { label: 'System Logs', to: '/dashboard/logs' },
    // beyond the spec (issue 23): account changes, role switches and grade changes on record
    { label: 'Audit Log', to: '/dashboard/audit' },
  ],
  ADMIN: [
    { label: 'Dashboard', to: '/dashboard' },
    {
      label: 'Course Management',
      children: [
        { label: 'Course Management', to: '/dashboard/course-management' },
        { label: 'Academic Years', to: '/dashboard/academic-year-management' },
        { label: 'Class Management', to: '/dashboard/class-management' },
        { label: 'Subject Management', to: '/dashboard/subject-management' },
        { label: 'Teacher Assignment', to: '/dashboard/teacher-assignment' },
      ],
    },
    { label: 'Manage Users', to: '/dashboard/users' },
    { label: 'View Reports', to: '/dashboard/reports' },
    { label: 'Calendar', to: '/dashboard/calendar' },
    { label: 'Messages', to: '/dashboard/messages' },
    { label: 'Audit Log', to: '/dashboard/audit' },
  ],
  TEACHER: [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'My Courses', to: '/dashboard/courses' },
    { label: 'Live Classes', to: '/dashboard/live-classes' },
    { label: 'Manage Users', to: '/dashboard/users' },
    { label: 'Assign Students', to: '/dashboard/student-assignment' },
    { label: 'Attendance', to: '/dashboard/attendance' },
    {
      label: 'Assessments Review',
      children: [
        { label: 'Assignment Review', to: '/dashboard/teacher/assignments' },
        { label: 'Exam Review', to: '/dashboard/teacher/exams' },
        { label: 'Quiz Review', to: '/dashboard/teacher/quizzes' },
      ],
    },
    // beyond the spec (issue 30): questions kept by subject, taken into assessments or drawn at random
    { label: 'Question banks', to: '/dashboard/question-banks' },
    { label: 'Student Diary', to: '/dashboard/student-diary' },
    { label: 'Forums', to: '/dashboard/forums' },
    // beyond the spec (issue 17): due dates of the courses they teach
    { label: 'Calendar', to: '/dashboard/calendar' },
    // beyond the spec (issue 23): every grade change in the courses they teach
    { label: 'Grade History', to: '/dashboard/audit' },
  ],
  STUDENT: [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'My Classes', to: '/dashboard/classes' },
    {
      label: 'Assessments',
      children: [
        { label: 'Assignments', to: '/dashboard/assignments' },
        { label: 'Exams', to: '/dashboard/exams' },
        { label: 'Quizzes', to: '/dashboard/quizzes' },
      ],
    },
    { label: 'Live Sessions', to: '/dashboard/live-sessions' },
    { label: 'Grades', to: '/dashboard/grades' },
    { label: 'Attendance', to: '/dashboard/student-attendance' },
    { label: 'Transcript', to: '/dashboard/transcript' },
    { label: 'Diary', to: '/dashboard/diary' },
    // beyond the spec (issue 17): their due dates, and a feed for their phone's calendar
    { label: 'Calendar', to: '/dashboard/calendar' },
  ],
  PARENT: [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Child Overview', to: '/dashboard/child-overview' },
    // a parent's attendance is their children's (issue 17): the child page's Attendance tab
    { label: 'Attendance', to: '/dashboard/child-overview?tab=Attendance' },
    { label: 'Transcript', to: '/dashboard/transcript' },
    { label: 'Payments', to: '/dashboard/payments' },
    { label: 'Messages', to: '/dashboard/messages' },
    { label: 'View Diary', to: '/dashboard/diary' },
    // beyond the spec (issue 17): their children's grades and due dates
    { label: 'Grades', to: '/dashboard/grades' },
    { label: 'Calendar', to: '/dashboard/calendar' },
  ],
};
