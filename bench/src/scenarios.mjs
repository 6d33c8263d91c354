// The load scenarios of src/run.mjs, what each result must satisfy (../targets.json) and the printed tables.
//
// A scenario: { name, kind: 'graphql'|'rest', what, request(i) -> { method?, path, body?, token } | null,
// twinOf?: the GraphQL scenario a REST twin answers the same data as, volatile?: fields left out when the
// app's answer is compared with the floor's (they change with every read), write?: true (each request
// consumes one prepared pair; null when none is left) }. A read scenario's floor is asked for
// `GET /<name>?<its GraphQL variables>` (src/floor/server.mjs) when a floor module defines that name.
import {
  ACADEMIC_TREE,
  ATTENDANCE_SHEET,
  COURSE_PAGE,
  GRADING_DASHBOARD,
  LIST_MAX,
  ME,
  MY_ASSESSMENTS,
  MY_ATTENDANCE,
  MY_COURSES,
  REVIEW_ITEMS,
  STUDENT_COURSES,
  SUBMIT_ASSESSMENT,
  USERS,
  VIEW_PAGE,
} from './operations.mjs';

export const DEMO_PASSWORD = 'demo1234';

export const gql = (query, variables, token) => ({ path: '/graphql', body: { query, variables }, token });

/**
 * `after` for the row at `position` (none before the first): the cursor a client walking the pages would hold.
 * The server's cursors are positions (server/src/core/paging.ts encodeCursor); made here to reach page k at once.
 */
export const afterPosition = (position) => (position < 0 ? {} : { after: Buffer.from(`o:${position}`).toString('base64url') });

const KINDS = [
  { kind: 'ASSIGNMENT', plural: 'assignments', submissions: 'submissions', idField: 'assignmentId' },
  { kind: 'QUIZ', plural: 'quizzes', submissions: 'quizsubmissions', idField: 'quizId' },
  { kind: 'EXAM', plural: 'exams', submissions: 'examsubmissions', idField: 'examId' },
];

/** The read scenarios: today's platform pages, then the assessment pages of issue 15 (when the fixtures have them). */
export function scenarios(tokens, fx) {
  const loginAccounts = ['admin@demo.school', 'teacher@demo.school', 'student@demo.school', ...fx.accounts];
  const pages = Math.max(1, Math.floor(fx.users / 50));
  const list = [
    {
      name: 'rest-login',
      kind: 'rest',
      what: 'POST /api/auth/login (argon2id verify + new session), the demo and bench accounts in turn',
      request: (i) => ({ path: '/api/auth/login', body: { email: loginAccounts[i % loginAccounts.length], password: DEMO_PASSWORD } }),
    },
    { name: 'gql-me', kind: 'graphql', what: 'me (teacher)', request: () => gql(ME, {}, tokens.teacher) },
    {
      name: 'gql-users-admin',
      kind: 'graphql',
      what: `users(first: 50, after: the cursor ending page - 1), pages 1..${Math.min(pages, 10)}, as admin`,
      request: (i) => gql(USERS, { first: 50, ...afterPosition((i % Math.min(pages, 10)) * 50 - 1) }, tokens.admin),
    },
    {
      name: 'gql-academic-tree-admin',
      kind: 'graphql',
      what: `academicTree(academicYearId) of the year open at load (${fx.firstYear.year}, ${fx.firstYear.allocations} allocations; course management page), as admin`,
      request: () => gql(ACADEMIC_TREE, { academicYearId: fx.firstYear.id }, tokens.admin),
    },
    {
      name: 'gql-my-courses-teacher',
      kind: 'graphql',
      what: 'myCourses, as teacher@demo.school',
      request: () => gql(MY_COURSES, {}, tokens.teacher),
    },
    {
      name: 'gql-course-page-teacher',
      kind: 'graphql',
      what: `course(id) with modules+contents, announcements, discussions+replies; teacher@'s ${fx.courseIds.length} courses in turn`,
      request: (i) => gql(COURSE_PAGE, { id: fx.courseIds[i % fx.courseIds.length] }, tokens.teacher),
    },
    {
      name: 'gql-student-courses',
      kind: 'graphql',
      what: 'studentCourses, as student@demo.school',
      request: () => gql(STUDENT_COURSES, {}, tokens.student),
    },
    {
      name: 'gql-attendance-sheet-teacher',
      kind: 'graphql',
      what: `attendanceRoster + attendanceForDate (latest marked day), teacher@'s ${fx.sheets.length} classes/subjects in turn`,
      request: (i) => {
        const s = fx.sheets[i % fx.sheets.length];
        return gql(
          ATTENDANCE_SHEET,
          { classId: s.class_id, subjectId: s.subject_id, academicYearId: s.academic_year_id, date: s.date },
          tokens.teacher,
        );
      },
    },
    {
      name: 'gql-my-attendance-student',
      kind: 'graphql',
      what: 'myAttendance { records(first: 50) }, pages 1..4, as student@demo.school',
      request: (i) => gql(MY_ATTENDANCE, { first: 50, ...afterPosition((i % 4) * 50 - 1) }, tokens.student),
    },
  ];
  for (const k of KINDS) {
    const item = fx.grading?.find((g) => g.kind.toUpperCase() === k.kind);
    if (!item) continue;
    const name = `gql-grading-dashboard-${k.plural}`;
    list.push(
      {
        name,
        kind: 'graphql',
        volatile: ['cursor'],
        what: `gradingDashboard of a ${k.kind.toLowerCase()} of ${item.students} students x ${item.questions} questions (tiles, lists, answers, grades), as teacher@`,
        request: () => gql(GRADING_DASHBOARD, { assessmentId: item.id }, tokens.teacher),
      },
      {
        name: `rest-grading-dashboard-${k.plural}`,
        kind: 'rest',
        twinOf: name,
        what: `POST /api/${k.submissions}/auto-submit-overdue?dryRun=true {${k.idField}} (the dashboard summary), the same item`,
        request: () => ({
          path: `/api/${k.submissions}/auto-submit-overdue?dryRun=true`,
          body: { [k.idField]: item.id },
          token: tokens.teacher,
        }),
      },
    );
  }
  if (fx.grading) {
    for (const k of KINDS) {
      const name = `gql-my-${k.plural}-student`;
      list.push(
        {
          name,
          kind: 'graphql',
          what: `myAssessments(kind: ${k.kind}, first: 500) + me (My ${k.plural[0].toUpperCase()}${k.plural.slice(1)}), as student@`,
          request: () => gql(MY_ASSESSMENTS, { kind: k.kind, max: LIST_MAX }, tokens.student),
        },
        {
          name: `rest-my-${k.plural}-student`,
          kind: 'rest',
          twinOf: name,
          what: `GET /api/${k.plural}, as student@`,
          request: () => ({ method: 'GET', path: `/api/${k.plural}`, token: tokens.student }),
        },
      );
    }
    for (const k of KINDS) {
      list.push({
        name: `gql-review-${k.plural}-teacher`,
        kind: 'graphql',
        what: `reviewItems(kind: ${k.kind}, first: 500) (${k.kind[0]}${k.kind.slice(1).toLowerCase()} Review), as teacher@ (${fx.reviewTeacherCourses ?? fx.facts.teacherCourses} courses with items)`,
        request: () => gql(REVIEW_ITEMS, { kind: k.kind, max: LIST_MAX }, tokens.teacher),
      });
    }
  }
  const view = fx.studentView && KINDS.map((k) => fx.studentView[k.idField]).filter(Boolean);
  if (view?.length) {
    const subs = KINDS.filter((k) => fx.studentView[k.idField] && fx.studentSubmissions?.[k.idField]);
    list.push({
      name: 'gql-view-page-student',
      kind: 'graphql',
      what: `assessment(id) + mySubmission (the view page), student@'s submitted ${KINDS.filter((k) => fx.studentView[k.idField])
        .map((k) => k.kind.toLowerCase())
        .join(', ')} in turn`,
      request: (i) => gql(VIEW_PAGE, { id: view[i % view.length] }, tokens.student),
    });
    // REST's view page is two calls (GET /api/{items}/{id} and the submission); the submission is the larger
    if (subs.length === view.length) {
      list.push({
        name: 'rest-view-page-student',
        kind: 'rest',
        twinOf: 'gql-view-page-student',
        what: `GET /api/{submissions,quizsubmissions,examsubmissions}/{id}, the same submissions in turn`,
        request: (i) => {
          const k = subs[i % subs.length];
          return { method: 'GET', path: `/api/${k.submissions}/${fx.studentSubmissions[k.idField]}`, token: tokens.student };
        },
      });
    }
  }
  return list;
}

/**
 * Quiz submit, sustained: the GraphQL mutation, its REST twin and the floor, each with its own prepared
 * (student, quiz) pairs (src/fixtures.mjs quizSubmitFixtures: distinct students, each pair submitted once).
 */
export function submitScenarios(pairs) {
  const queue = (list) => () => list.shift() ?? null;
  const gqlNext = queue(pairs.graphql);
  const restNext = queue(pairs.rest);
  const floorNext = queue(pairs.floor);
  if (!pairs.graphql.length) return [];
  return [
    {
      name: 'gql-quiz-submit',
      kind: 'graphql',
      write: true,
      what: 'submitAssessment (a quiz, auto-graded), a new student and quiz each time',
      request: () => {
        const p = gqlNext();
        // the web client's mutation (SubmitPage), with the pair's variables
        return p && { path: '/graphql', body: { query: SUBMIT_ASSESSMENT, variables: p.answers.graphql.variables }, token: p.token };
      },
      floorRequest: () => {
        const p = floorNext();
        return p && { path: '/quiz-submit', body: p.answers.rest.body, token: p.token };
      },
    },
    {
      name: 'rest-quiz-submit',
      kind: 'rest',
      write: true,
      twinOf: 'gql-quiz-submit',
      what: 'POST /api/quizsubmissions (JSON), a new student and quiz each time',
      request: () => {
        const p = restNext();
        return p && { path: p.answers.rest.path, body: p.answers.rest.body, token: p.token };
      },
    },
  ];
}

// ---------------------------------------------------------------- targets

export const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

/** Misses of the targets (speed only when `speed`), and notes for interim bounds that carry a `known` reason. */
export function checkResults(results, targets, { speed, capS }) {
  const misses = [];
  const notes = [];
  const byName = new Map(results.map((r) => [r.name, r]));
  for (const r of results) {
    const t = { ...targets.defaults, ...(targets.scenarios?.[r.name] ?? {}) };
    const goal = targets.defaults;
    const known = t.known ? `: ${t.known}` : '';
    r.targetP95 = r.write ? '-' : t.p95Ms;
    for (const [side, x] of [
      ['', r],
      [' floor', r.floor],
    ]) {
      if (!x) continue;
      if (x.errors > (t.maxErrors ?? 0)) misses.push(`${r.name}${side}: ${x.errors} failed requests (first: ${x.firstError})`);
      if (!r.write && x.completed < x.requested)
        misses.push(`${r.name}${side}: only ${x.completed} of ${x.requested} requests within ${capS} s`);
    }
    if (r.floorMismatch) misses.push(`${r.name}: the floor's answer differs from the app's: ${r.floorMismatch}`);
    if (!speed) continue;
    if (!r.write && !(r.p95 <= t.p95Ms)) misses.push(`${r.name}: p95 ${fmt(r.p95)} ms > ${t.p95Ms} ms`);
    else if (!r.write && t.goalP95Ms && !(r.p95 <= t.goalP95Ms))
      notes.push(`${r.name}: p95 ${fmt(r.p95)} ms is within its interim target ${t.p95Ms} ms but above the goal ${t.goalP95Ms} ms${known}`);
    const bound = (key, value, goalValue, text) => {
      if (!Number.isFinite(value)) return;
      const limit = t[key];
      const over = key.startsWith('min') ? value < limit : value > limit;
      const overGoal = key.startsWith('min') ? value < goalValue : value > goalValue;
      if (over) misses.push(`${r.name}: ${text(limit)}`);
      else if (overGoal) notes.push(`${r.name}: ${text(goalValue)} (goal), within its interim bound ${limit}${known}`);
    };
    if (!r.write && r.floor)
      bound('floorP50Ratio', r.p50 / r.floor.p50, goal.floorP50Ratio, (x) => `p50 ${fmt(r.p50 / r.floor.p50, 2)}x its floor's, over ${x}x`);
    const twin = r.twinOf && byName.get(r.twinOf);
    if (twin && !r.write)
      bound('restP50Ratio', r.p50 / twin.p50, goal.restP50Ratio, (x) => `p50 ${fmt(r.p50 / twin.p50, 2)}x ${twin.name}'s, over ${x}x`);
    if (r.write) {
      bound('minRps', r.rps, goal.minRps, (x) => `${fmt(r.rps)} req/s, under ${x}`);
      if (r.floor)
        bound(
          'minFloorRpsRatio',
          r.rps / r.floor.rps,
          goal.minFloorRpsRatio,
          (x) => `${fmt(r.rps / r.floor.rps, 2)} of its floor's req/s, under ${x}`,
        );
    }
  }
  return { misses, notes, byName };
}

/**
 * SQL statements per request at both sizes; a scenario whose counts differ is a miss, or a note when its
 * targets carry `sqlCountsKnown` (why they may differ for now).
 */
export function checkCounts(counts, targets) {
  const misses = [];
  const notes = [];
  for (const c of counts) {
    const sides = [c.large, c.small].filter(Boolean);
    const values = new Set(sides.flatMap((s) => [s.min, s.max]));
    const known = targets.scenarios?.[c.name]?.sqlCountsKnown;
    if (!sides.length || sides.some((s) => !s.n)) misses.push(`${c.name}: no statement count read from the server's request log`);
    else if (values.size > 1) {
      const text = `${c.name}: SQL statements per request differ (${sides.map((s) => `${s.label} ${s.min}-${s.max}`).join(', ')})`;
      if (known) notes.push(`${text}: ${known}`);
      else misses.push(text);
    }
  }
  return { misses, notes };
}

function table(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The main table: the app's figures, its floor's, app/floor at p50 and req/s, and a REST twin against its GraphQL scenario. */
export function resultsTable(results, byName) {
  const head = [
    'scenario',
    'ok',
    'err',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'req/s',
    'KB',
    'floor p50',
    'p50 x floor',
    'floor req/s',
    'req/s / floor',
    'p50 x gql',
    'p95 target',
    'CPU ms/req',
    'floor CPU',
    'heap KB/req',
    'GC ms/req',
  ];
  const rows = results.map((r) => {
    const f = r.floor;
    const twin = r.twinOf && byName.get(r.twinOf);
    return [
      r.name,
      r.ok,
      r.errors,
      fmt(r.p50),
      fmt(r.p95),
      fmt(r.p99),
      fmt(r.rps),
      fmt(r.responseBytes / 1024),
      f ? fmt(f.p50) : '-',
      f && !r.write ? fmt(r.p50 / f.p50, 2) : '-',
      f ? fmt(f.rps) : '-',
      f ? fmt(r.rps / f.rps, 2) : '-',
      twin ? fmt(r.p50 / twin.p50, 2) : '-',
      `${r.targetP95 ?? '-'}`,
      fmt(r.cpuMsPerRequest, 2),
      f ? fmt(f.cpuMsPerRequest, 2) : '-',
      r.gc ? fmt(r.gc.allocatedKbPerRequest, 0) : '-',
      r.gc ? fmt(r.gc.pauseMsPerRequest, 2) : '-',
    ];
  });
  return table(head, rows);
}

/** Statements per request (min-max over the requests sent) at the large and the small preset, side by side. */
export function countsTable(counts) {
  const cell = (s) => (!s ? '-' : !s.n ? 'none' : s.min === s.max ? `${s.min}` : `${s.min}-${s.max}`);
  const rows = counts.map((c) => {
    const sides = [c.large, c.small].filter((s) => s?.n);
    const equal = sides.length && new Set(sides.flatMap((s) => [s.min, s.max])).size === 1;
    return [c.name, cell(c.large), cell(c.small), equal ? 'yes' : 'NO'];
  });
  return table(['scenario', 'SQL/req large', 'SQL/req small', 'equal'], rows);
}
