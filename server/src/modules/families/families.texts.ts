/** The families domain's texts (issue 17; the spec has none), shared by both transports and the client's tests. */
export const FAMILY_TEXT = {
  cannotManage: 'Only SuperAdmin and Admin can link parents and students.',
  userNotFound: 'User not found',
  studentNotFound: 'Student not found',
  notAParent: (name: string) => `${name} is not a Parent: only a Parent can be linked to a student.`,
  notAStudent: (name: string) => `${name} is not a Student: a parent can only be linked to a Student.`,
  alreadyLinked: (parent: string, student: string) => `${parent} is already linked to ${student}.`,
  notLinked: 'This parent is not linked to this student.',
  linked: 'Parent linked to student',
  unlinked: 'Parent unlinked from student',
  noChildren: 'No children are linked to your account yet. Ask the school office to link your child.',
};
