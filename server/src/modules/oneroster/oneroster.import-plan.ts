// What an import plans against and answers (oneroster.import.ts plans, oneroster.import-apply.ts writes): the
// school's rows as the plan compares them (read by oneroster.repository.ts), the plan itself, the report a person
// reads before applying it and the record every run leaves.

export interface Problem {
  file: string;
  line: number;
  reason: string;
}
export type ChangeKind = 'created' | 'changed' | 'deactivated' | 'unchanged';
export interface Count {
  object: string;
  created: number;
  changed: number;
  deactivated: number;
  unchanged: number;
}
export interface ImportReport {
  /** The manifest's source.systemName: the system the zip came from. */
  source: string;
  files: Array<{ name: string; mode: string }>;
  counts: Count[];
  problems: Problem[];
  /** Problems beyond the first 1,000 are counted, not listed. */
  moreProblems: number;
  applied: boolean;
}

/** A run of an import as it is kept (oneroster_imports) and answered. */
export interface ImportRecord {
  id: string;
  createdAt: Date;
  createdBy: string | null;
  applied: boolean;
  report: ImportReport;
}

export interface Existing {
  years: Array<{ id: string; sid: string; year: string; start: string | null; end: string | null }>;
  periods: Array<{
    id: string;
    sid: string;
    yearId: string;
    type: string;
    title: string;
    start: string;
    end: string;
    parentId: string | null;
    fromSis: boolean;
  }>;
  subjects: Array<{ id: string; sid: string; name: string }>;
  classes: Array<{ id: string; name: string; grade: string; yearId: string }>;
  allocations: Array<{ id: string; sid: string; classId: string; subjectId: string; yearId: string; fromSis: boolean }>;
  users: Array<{
    id: string;
    sid: string;
    email: string;
    firstName: string;
    lastName: string;
    role: string;
    classId: string | null;
    yearId: string | null;
    fromSis: boolean;
    deactivated: boolean;
  }>;
  links: Array<{ parentId: string; studentId: string }>;
  teaching: Array<{ allocationId: string; teacherId: string }>;
  /** The sourcedIds SIS gave to a subject at a grade (oneroster_courses). */
  courses: Array<{ sid: string; subjectId: string; grade: string }>;
  school: string;
  orgs: Array<{ sid: string; name: string; identifier: string; type: string }>;
}

/** What applying the plan writes, in dependency order; new rows carry ids made here, so references need no lookups. */
export interface Plan {
  school: { sid: string; name: string; identifier: string } | null;
  district: { sid: string; name: string; identifier: string } | null;
  years: Array<{ id: string; sid: string | null; year: string; start: string; end: string; isNew: boolean }>;
  periods: Array<{
    id: string;
    sid: string;
    yearId: string;
    parentId: string | null;
    type: string;
    title: string;
    start: string;
    end: string;
    isNew: boolean;
  }>;
  subjects: Array<{ id: string; name: string }>;
  classes: Array<{ id: string; name: string; grade: string; yearId: string }>;
  allocations: Array<{ id: string; sid: string; classId: string; subjectId: string; yearId: string; isNew: boolean }>;
  newUsers: Array<{ id: string; sid: string; email: string; firstName: string; lastName: string; role: string }>;
  changedUsers: Array<{ id: string; sid: string; email: string; firstName: string; lastName: string }>;
  links: Array<{ parentId: string; studentId: string }>;
  teaching: Array<{ allocationId: string; teacherId: string }>;
  untaught: Array<{ allocationId: string; teacherId: string }>;
  placements: Array<{ userId: string; classId: string | null; yearId: string | null }>;
  /** The sourcedId an SIS gave a subject at a grade (a course), to keep. */
  courseSids: Array<{ sid: string; subjectId: string; grade: string }>;
  /** Bulk mode: what came from the SIS (a sourcedId of its own) and its new file no longer lists, or rows marked tobedeleted. */
  removedPeriods: string[];
  removedAllocations: string[];
  unlinked: Array<{ parentId: string; studentId: string }>;
  deactivatedUsers: string[];
  reactivatedUsers: string[];
}
