/** Static sample data of the parent dashboard (spec section 1: all parent content is sample data). */

export interface ChildSummary {
  name: string;
  grade: string;
  school: string;
  /** Attendance in percent. */
  attendance: number;
  gpa: number;
  recentGrades: { subject: string; grade: string }[];
}

export interface Payment {
  description: string;
  amount: number;
  dueDate: string;
  status: 'Pending' | 'Paid';
}

export interface ParentMessage {
  from: string;
  subject: string;
  date: string;
  read: boolean;
}

export interface DiaryEntry {
  subject: string;
  date: string;
  entry: string;
}

export const CHILDREN: ChildSummary[] = [
  {
    name: 'Emma Johnson',
    grade: 'Grade 5',
    school: 'Greenwood Primary School',
    attendance: 95,
    gpa: 3.8,
    recentGrades: [
      { subject: 'Mathematics', grade: 'A' },
      { subject: 'English', grade: 'A-' },
      { subject: 'Science', grade: 'B+' },
      { subject: 'History', grade: 'A' },
    ],
  },
];

export const ATTENDANCE = { present: 85, absent: 3, late: 2 };

export const TRANSCRIPT = { currentGpa: 3.8, cumulativeGpa: 3.7, creditsEarned: 45, creditsRequired: 120 };

export const PAYMENTS: Payment[] = [
  { description: 'Term 2 Tuition Fee', amount: 1200, dueDate: '2026-12-15', status: 'Pending' },
  { description: 'School Trip - Science Museum', amount: 45, dueDate: '2026-12-01', status: 'Pending' },
  { description: 'Term 1 Tuition Fee', amount: 1200, dueDate: '2026-09-01', status: 'Paid' },
];

export const MESSAGES: ParentMessage[] = [
  { from: 'Ms. Smith (Mathematics)', subject: "Emma's progress in algebra", date: '2026-11-20', read: false },
  { from: 'School Office', subject: 'Parent-teacher meeting schedule', date: '2026-11-18', read: false },
  { from: 'Mr. Brown (Science)', subject: 'Science fair project', date: '2026-11-12', read: true },
];

export const DIARY: DiaryEntry[] = [
  { subject: 'Mathematics', date: '2026-11-21', entry: 'Complete exercises 4.1 to 4.3 on fractions.' },
  { subject: 'English', date: '2026-11-20', entry: 'Read chapter 6 of the class novel and write a short summary.' },
  { subject: 'Science', date: '2026-11-19', entry: 'Bring materials for the plant growth experiment.' },
];

export function formatDate(iso: string): string {
  return new Date(`${iso}T00:00:00`).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatAmount(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
