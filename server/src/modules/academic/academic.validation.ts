import { INPUT_TEXT } from '../../core/input';

/**
 * Every text of the academic structure; platform.md section 5 names the required fields, not the texts. Users
 * see these, so they keep the spec's word "teacher assignment" where the code says allocation.
 */
export const ACADEMIC_TEXT = {
  yearRequired: 'Year is required',
  academicYearRequired: 'Academic year is required',
  classNameRequired: 'Class name is required',
  gradeRequired: 'Grade is required',
  subjectNameRequired: 'Subject name is required',
  classRequired: 'Class is required',
  subjectRequired: 'Subject is required',
  teacherRequired: 'Please select at least one teacher',
  yearNotFound: 'Academic year not found',
  classNotFound: 'Class not found',
  subjectNotFound: 'Subject not found',
  allocationNotFound: 'Teacher assignment not found',
  userNotFound: 'User not found',
  teacherNotFound: 'One or more of the selected teachers were not found',
  notATeacher: (name: string) => `${name} is not a teacher; only users with the Teacher role can be assigned`,
  yearTaken: (year: string) => `Academic year ${year} already exists`,
  classTaken: (name: string) => `A class named ${name} already exists in this academic year`,
  subjectTaken: (name: string) => `A subject named ${name} already exists`,
  allocationTaken: 'This subject already has a teacher assignment for this class and academic year',
  classYearMismatch: 'The selected class does not belong to the selected academic year',
  yearInUse: (year: string, classes: number) =>
    `Cannot delete academic year ${year}: it still has ${plural(classes, 'class', 'classes')}. Delete or move them first.`,
  classInUse: (name: string, students: number, allocations: number) =>
    `Cannot delete ${name}: ${[
      students ? `${plural(students, 'student is', 'students are')} assigned to it` : '',
      allocations ? `it has ${plural(allocations, 'teacher assignment', 'teacher assignments')}` : '',
    ]
      .filter(Boolean)
      .join(' and ')}. Move or remove them first.`,
  subjectInUse: (name: string, allocations: number) =>
    `Cannot delete ${name}: it is used by ${plural(allocations, 'teacher assignment', 'teacher assignments')}. Remove them first.`,
  stillUsed: (what: string) => `Cannot delete ${what}: other records still use it. Remove them first.`,
  classCannotMove: (name: string) => `Cannot move ${name} to another academic year: it has students or teacher assignments`,
  changedMeanwhile: INPUT_TEXT.changedMeanwhile,
  cannotManage: 'Only SuperAdmin and Admin can change academic years, classes, subjects and teacher assignments',
  ownAllocationsOnly: 'You can only view your own teacher assignments',
  cannotPlace: 'You do not have permission to assign students to classes',
  onlyStudents: 'Only students can be assigned to a class and academic year',
  selectStudents: 'Please select at least one student',
  tooManyStudents: (max: number) => `At most ${max} students can be assigned at once`,
  notYourClass: 'You can only assign students to classes and academic years you teach',
  placed: 'Student assignment updated successfully',
  yearCreated: 'Academic year created successfully',
  yearUpdated: 'Academic year updated successfully',
  yearDeleted: 'Academic year deleted successfully',
  classCreated: 'Class created successfully',
  classUpdated: 'Class updated successfully',
  classDeleted: 'Class deleted successfully',
  subjectCreated: 'Subject created successfully',
  subjectUpdated: 'Subject updated successfully',
  subjectDeleted: 'Subject deleted successfully',
  allocationCreated: 'Teacher assignment created successfully',
  allocationUpdated: 'Teacher assignment updated successfully',
  allocationDeleted: 'Teacher assignment deleted successfully',
  dateInvalid: (label: string) => `${label} must be a date (YYYY-MM-DD)`,
  datesTogether: 'Give both a start and an end date, or neither',
  startBeforeEnd: 'The start date must be before the end date',
  yearDatesFirst: "Set the academic year's start and end dates first",
  yearDatesStay: "The academic year's dates cannot be removed while it has terms or grading periods",
  periodOutsideYear: (title: string) => `${title} must lie inside the academic year's dates`,
  periodOutsideTerm: (title: string, term: string) => `${title} must lie inside the term ${term}`,
  yearMustHoldPeriods: (title: string) => `The academic year's dates must include all its terms and grading periods: ${title} lies outside`,
  termMustHoldPeriods: (title: string) => `The term's dates must include its grading periods: ${title} lies outside`,
  periodTypeInvalid: "Type must be 'term' or 'gradingPeriod'",
  periodTitleRequired: 'Title is required',
  periodNotFound: 'Term or grading period not found',
  parentNotTerm: 'A grading period can only lie in a term of the same academic year',
  periodCreated: 'Term or grading period created successfully',
  periodUpdated: 'Term or grading period updated successfully',
  periodDeleted: 'Term or grading period deleted successfully',
} as const;

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
