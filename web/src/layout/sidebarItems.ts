import { ROUTES, pathTo } from '@lms/routes';
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

/** Sidebar entries by active role (spec section 6), with the link targets of section 2 from the route table (@lms/routes). */
export const SIDEBAR_ITEMS: Record<Role, NavItem[]> = {
  SUPER_ADMIN: [
    { label: 'System Overview', to: ROUTES.dashboard },
    { label: 'Manage Schools', to: ROUTES.schools },
    { label: 'Manage Users', to: ROUTES.users },
    { label: 'Impersonate Role', to: ROUTES.impersonate, opensRoleSwitcher: true },
    { label: 'System Logs', to: ROUTES.logs },
    // beyond the spec (issue 23): account changes, role switches and grade changes on record
    { label: 'Audit Log', to: ROUTES.audit },
  ],
  ADMIN: [
    { label: 'Dashboard', to: ROUTES.dashboard },
    {
      label: 'Course Management',
      children: [
        { label: 'Course Management', to: ROUTES.courseManagement },
        { label: 'Academic Years', to: ROUTES.academicYearManagement },
        { label: 'Class Management', to: ROUTES.classManagement },
        { label: 'Subject Management', to: ROUTES.subjectManagement },
        { label: 'Teacher Assignment', to: ROUTES.teacherAssignment },
      ],
    },
    { label: 'Manage Users', to: ROUTES.users },
    { label: 'View Reports', to: ROUTES.reports },
    { label: 'Calendar', to: ROUTES.calendar },
    { label: 'Messages', to: ROUTES.messages },
    { label: 'Audit Log', to: ROUTES.audit },
  ],
  TEACHER: [
    { label: 'Dashboard', to: ROUTES.dashboard },
    { label: 'My Courses', to: ROUTES.courses },
    { label: 'Live Classes', to: ROUTES.liveClasses },
    { label: 'Manage Users', to: ROUTES.users },
    { label: 'Assign Students', to: ROUTES.studentAssignment },
    { label: 'Attendance', to: ROUTES.attendance },
    {
      label: 'Assessments Review',
      children: [
        { label: 'Assignment Review', to: ROUTES.assignmentReview },
        { label: 'Exam Review', to: ROUTES.examReview },
        { label: 'Quiz Review', to: ROUTES.quizReview },
      ],
    },
    // beyond the spec (issue 30): questions kept by subject, taken into assessments or drawn at random
    { label: 'Question banks', to: ROUTES.questionBanks },
    { label: 'Student Diary', to: ROUTES.studentDiary },
    { label: 'Forums', to: ROUTES.forums },
    // beyond the spec (issue 17): due dates of the courses they teach
    { label: 'Calendar', to: ROUTES.calendar },
    // beyond the spec (issue 23): every grade change in the courses they teach
    { label: 'Grade History', to: ROUTES.audit },
  ],
  STUDENT: [
    { label: 'Dashboard', to: ROUTES.dashboard },
    { label: 'My Classes', to: ROUTES.classes },
    {
      label: 'Assessments',
      children: [
        { label: 'Assignments', to: ROUTES.assignments },
        { label: 'Exams', to: ROUTES.exams },
        { label: 'Quizzes', to: ROUTES.quizzes },
      ],
    },
    { label: 'Live Sessions', to: ROUTES.liveSessions },
    { label: 'Grades', to: ROUTES.grades },
    { label: 'Attendance', to: ROUTES.studentAttendance },
    { label: 'Transcript', to: ROUTES.transcript },
    { label: 'Diary', to: ROUTES.diary },
    // beyond the spec (issue 17): their due dates, and a feed for their phone's calendar
    { label: 'Calendar', to: ROUTES.calendar },
  ],
  PARENT: [
    { label: 'Dashboard', to: ROUTES.dashboard },
    { label: 'Child Overview', to: ROUTES.childOverview },
    // a parent's attendance is their children's (issue 17): the child page's Attendance tab
    { label: 'Attendance', to: pathTo('childOverview', {}, { tab: 'Attendance' }) },
    { label: 'Transcript', to: ROUTES.transcript },
    { label: 'Payments', to: ROUTES.payments },
    { label: 'Messages', to: ROUTES.messages },
    { label: 'View Diary', to: ROUTES.diary },
    // beyond the spec (issue 17): their children's grades and due dates
    { label: 'Grades', to: ROUTES.grades },
    { label: 'Calendar', to: ROUTES.calendar },
  ],
};
