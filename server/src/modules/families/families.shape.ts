import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { presentPersonName, presentUser } from '../users';
import { presentAttendanceSummary } from '../attendance';
import { presentAssessment } from '../assessments';
import { presentSubmission } from '../submissions';
import { ChildAssessment, ChildCardItem, ChildSummary } from './families.types';
import { FamilyLink } from './families.service';

/** A link for REST: {parent, student, createdAt}, each user through the users presenter. */
export const presentFamilyLink = presenter((viewer: Actor, l: FamilyLink) => ({
  parent: presentUser(viewer, l.parent),
  student: presentUser(viewer, l.student),
  createdAt: l.createdAt,
}));

const presentCardItem = (i: ChildCardItem) => ({
  assessmentId: i.assessmentId,
  kind: i.kind,
  title: i.title,
  courseTitle: i.courseTitle,
  subjectName: i.subjectName,
  dueDate: i.dueDate,
  label: i.label,
  score: i.score && { ...i.score },
});

/** A child's card on the parent dashboard (GET /parents/me/children). */
export const presentChildSummary = presenter((viewer: Actor, c: ChildSummary) => ({
  child: presentPersonName(viewer, c.child),
  className: c.className,
  academicYear: c.academicYear,
  coursesCount: c.coursesCount,
  attendance: presentAttendanceSummary(viewer, c.attendance),
  recentGraded: c.recentGraded.map(presentCardItem),
  dueSoon: c.dueSoon.map(presentCardItem),
}));

/** One of a child's items (GET /students/{id}/assessments): the item, the child's status, and the submission as the reader may see it. */
export const presentChildAssessment = presenter((viewer: Actor, a: ChildAssessment) => ({
  ...presentAssessment(viewer, a.assessment),
  status: { ...a.status, score: a.status.score && { ...a.status.score } },
  submission: a.submission && presentSubmission(viewer, a.submission, a.assessment.kind),
}));
