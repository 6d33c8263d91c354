// The quiz parts of `pnpm cluster --smoke` (scripts/cluster-smoke.mjs runs them through nginx):
// - students submit a quiz and the teacher grades it, through REST and GraphQL, on different instances;
// - the overdue sweep (every instance runs it) auto-submits each overdue student exactly once;
// - one instance killed (SIGKILL) during a load of quiz submits by distinct students: every acknowledged
//   submit is in the database and in the teacher's list, and nginx sends the rest to the survivors.
import { addStudents, createQuiz, idOf, openSessions, signInAll, submitQuiz } from './cluster-fixtures.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** The JSON lines an instance has logged so far (pino), other lines skipped. */
export function logEntries(node) {
  const out = [];
  for (const line of node.entry.lines) {
    if (!line.startsWith('{')) continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      // a line cut short by a kill
    }
  }
  return out;
}

/** Kill-test quizzes: enough (student, quiz) pairs that the load never runs out of first submits. */
const KILL_QUIZZES = 4;
/** The overdue quiz: its first OVERDUE_SUBMITTERS targets submit in time, the rest are swept. */
const OVERDUE_TARGETS = 6;
const OVERDUE_SUBMITTERS = 2;
/** Students of the smoke who sign in through nginx (they submit and read their grades first). */
const SIGNED_IN = 12;

/**
 * Students (`count`, placed in student@'s class) with sessions, a quiz due in an hour and the quiz for the
 * sweep, due in overdueInMs to a minute more for OVERDUE_TARGETS of them, the first of whom submit at once.
 */
export async function quizSetup({ json, db, teacher, moduleId, count, overdueInMs, say }) {
  const students = await addStudents(db, 'cluster', count);
  // a few sign in through nginx; the others' sessions are stored directly (openSessions says why)
  const signedIn = await signInAll(
    json,
    students.slice(0, SIGNED_IN).map((s) => s.email),
    4,
  );
  const tokens = [...signedIn, ...(await openSessions(db, students.slice(SIGNED_IN)))];
  say(`${count} students added to student@'s class, ${SIGNED_IN} of them signed in through nginx`);
  const quiz = await createQuiz(json, teacher, { moduleId, title: 'Cluster quiz', dueDate: new Date(Date.now() + 3600_000) });
  const targets = students.slice(0, OVERDUE_TARGETS);
  // due dates keep whole minutes: the first minute boundary at least overdueInMs ahead
  const overdueQuiz = await createQuiz(json, teacher, {
    moduleId,
    title: 'Cluster overdue quiz',
    dueDate: new Date(Math.ceil((Date.now() + overdueInMs) / 60_000) * 60_000),
    targets: targets.map((s) => s.id),
  });
  for (let i = 0; i < OVERDUE_SUBMITTERS; i++) {
    const r = await submitQuiz(json, tokens[i], overdueQuiz, i);
    check(r.status === 201, `submit before the due date: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return { students, tokens, quiz, overdueQuiz, firstFree: OVERDUE_TARGETS };
}

const GRADE = `mutation Grade($input: GradeAnswerInput!) { gradeAnswer(input: $input) { id status totalScore version } }`;

/**
 * `times` students submit the quiz (auto-graded 4 of 10 points, the long answer waits), the teacher grades each
 * long answer 5/6, by turns through PUT /api/quizsubmissions/grade and gradeAnswer, and the student reads 9/10
 * back. Answers which instances took the submits, grades and reads; one submission must cross instances.
 */
export async function submitAndGrade({ json, teacher, setup, times, nodes, say }) {
  const { quiz, tokens, firstFree } = setup;
  const long = quiz.questions.find((q) => q.type === 'LongAnswer');
  const crossings = [];
  for (let i = 0; i < times; i++) {
    const token = tokens[firstFree + i];
    const sub = await submitQuiz(json, token, quiz, i);
    // pending: the long answer waits for the teacher (and so do the results, even when shown at once)
    check(sub.status === 201 && sub.body.data.status === 'pending', `quiz submit: ${sub.status} ${JSON.stringify(sub.body)}`);
    const id = idOf(sub.body.data);
    const input = { submissionId: id, questionId: long.id, score: 5, feedback: `Graded through nginx (${i})`, expectedVersion: null };
    let grade;
    if (i % 2 === 0) {
      const r = await json('PUT', '/api/quizsubmissions/grade', { token: teacher, body: input });
      check(
        r.status === 200 && r.body.data.status === 'graded' && Number(r.body.data.totalScore) === 9,
        `REST grade: ${r.status} ${JSON.stringify(r.body)}`,
      );
      grade = { via: 'REST', instance: r.instance };
    } else {
      const r = await json('POST', '/graphql', { token: teacher, body: { query: GRADE, variables: { input } } });
      const g = r.body.data?.gradeAnswer;
      check(!r.body.errors && g?.status === 'graded' && Number(g.totalScore) === 9, `gradeAnswer: ${JSON.stringify(r.body)}`);
      grade = { via: 'GraphQL', instance: r.instance };
    }
    const read = await json('GET', `/api/quizsubmissions/${id}`, { token });
    check(
      read.status === 200 && read.body.data.status === 'graded' && read.body.data.resultsVisible && Number(read.body.data.totalScore) === 9,
      `the student reads the graded submission: ${read.status} ${JSON.stringify(read.body)}`,
    );
    crossings.push(`submitted on ${sub.instance}, graded (${grade.via}) on ${grade.instance}, read back on ${read.instance}`);
    if (nodes.length > 1 && new Set([sub.instance, grade.instance, read.instance]).size > 1) crossings.crossed = true;
  }
  say(`quiz submit and grade through nginx:\n    ${crossings.join('\n    ')}`);
  check(nodes.length < 2 || crossings.crossed, 'no submission was submitted, graded and read on different instances');
}

/** Per instance: overdue sweeps run (any outcome), skipped on the lock, and submissions auto-submitted, from its log. */
export function overdueSweeps(nodes) {
  const by = {};
  for (const n of nodes) {
    const s = (by[n.id] = { runs: 0, skipped: 0, submitted: 0, ticks: [] });
    for (const e of logEntries(n)) {
      if (e.msg === 'overdue work auto-submitted') {
        s.submitted += e.submitted;
        s.ticks.push({ time: e.time, submitted: e.submitted });
      }
      if (e.msg?.startsWith('overdue sweep skipped')) s.skipped += 1;
      if (e.msg === 'overdue work auto-submitted' || e.msg?.startsWith('overdue sweep')) s.runs += 1;
      if (e.msg === 'scheduled job failed' && e.job === 'overdue-sweep') throw new Error(`${n.id}: ${JSON.stringify(e)}`);
    }
  }
  return by;
}

/**
 * After the overdue quiz's due date and a few sweeps: each of its students has exactly one submission, auto-
 * submitted for those who had not submitted; the submissions the instances' logs say they auto-submitted add
 * up to the auto-submitted rows in the database besides the demo school's own (`seededAutoSubmitted`; the
 * seeded items past due count, as the new students were overdue on them), so no work was done twice; and every
 * instance ran the sweep.
 */
export async function checkOverdueSweep({ db, setup, nodes, intervalMs, seededAutoSubmitted, say }) {
  const { overdueQuiz, students } = setup;
  const targets = students.slice(0, OVERDUE_TARGETS);
  const wait = overdueQuiz.dueDate.getTime() - Date.now();
  if (wait > 0) await sleep(wait);
  const swept = async () =>
    (
      await db.query(
        `SELECT s.student_id, count(*)::int AS n, bool_and(s.is_auto_submitted) AS auto FROM submissions s
      WHERE s.assessment_id = $1 GROUP BY s.student_id`,
        [overdueQuiz.id],
      )
    ).rows;
  const deadline = Date.now() + intervalMs * 5 + 5000;
  let rows = await swept();
  while (rows.length < targets.length) {
    check(Date.now() < deadline, `the overdue sweep did not auto-submit: ${rows.length} of ${targets.length} students have a submission`);
    await sleep(200);
    rows = await swept();
  }
  await sleep(intervalMs * 3); // more ticks of every instance: nothing may be submitted again
  rows = await swept();
  for (const [i, s] of targets.entries()) {
    const row = rows.find((r) => r.student_id === s.id);
    check(row?.n === 1, `${s.email} has ${row?.n ?? 0} submissions of the overdue quiz`);
    check(row.auto === i >= OVERDUE_SUBMITTERS, `${s.email}: isAutoSubmitted is ${row.auto}`);
  }
  const runs = overdueSweeps(nodes);
  const {
    rows: [{ auto }],
  } = await db.query('SELECT count(*)::int AS auto FROM submissions WHERE is_auto_submitted');
  const logged = Object.values(runs).reduce((a, r) => a + r.submitted, 0);
  const after = Object.entries(runs).flatMap(([id, r]) =>
    r.ticks.filter((t) => t.time >= overdueQuiz.dueDate.getTime()).map((t) => `${id} ${t.submitted}`),
  );
  say(
    `overdue sweep every ${intervalMs} ms in every instance: ${OVERDUE_TARGETS - OVERDUE_SUBMITTERS} overdue students auto-submitted once each, ` +
      `${OVERDUE_SUBMITTERS} who submitted untouched; the ticks that did work after the due date: ${after.join(', ')}; ` +
      `${Object.entries(runs)
        .map(([k, v]) => `${k} ran ${v.runs} sweeps (auto-submitted ${v.submitted}, skipped on the lock ${v.skipped})`)
        .join('; ')}`,
  );
  check(
    logged === auto - seededAutoSubmitted,
    `the instances logged ${logged} auto-submitted submissions, the database has ${auto - seededAutoSubmitted} besides the seed's: work was done twice or not logged`,
  );
  check(
    nodes.every((n) => runs[n.id].runs >= 2),
    'an instance did not run the overdue sweep',
  );
}

/**
 * Kills nodes[0] (SIGKILL) 1.5 s into 5 s of quiz submits, 4 at a time, each by a student who has not submitted
 * that quiz yet (KILL_QUIZZES quizzes x the students). Every acknowledged (201) submit must be in the database
 * and in the teacher's list through nginx; at most the submits in flight fail (502: nginx passes a POST on only
 * when it could not be sent); the answers after the kill come from the survivors.
 */
export async function killDuringSubmits({ json, db, teacher, moduleId, setup, nodes, say }) {
  const { tokens } = setup;
  const quizzes = [];
  for (let q = 1; q <= KILL_QUIZZES; q++) {
    quizzes.push(await createQuiz(json, teacher, { moduleId, title: `Kill test quiz ${q}`, dueDate: new Date(Date.now() + 3600_000) }));
  }
  // quiz by quiz, so submits next to each other are by different students
  const pairs = quizzes.flatMap((quiz) => tokens.map((token) => ({ quiz, token })));
  const victim = nodes[0];
  const workers = 4;
  const acked = [];
  const failed = [];
  const afterKill = new Map();
  let killedAt = 0;
  let n = 0;
  const stopAt = Date.now() + 5000;
  // "after the kill" counts from the victim's exit, not from the signal: on a busy machine a killed process can
  // take a moment to go, and it may still take a request meanwhile (which then fails: in flight at the kill)
  const killer = sleep(1500).then(
    () =>
      new Promise((resolve) => {
        victim.entry.expectedExit = true;
        victim.entry.child.once('exit', () => {
          killedAt = Date.now();
          resolve();
        });
        victim.entry.child.kill('SIGKILL');
        say(`killed ${victim.id} (SIGKILL) after ${n} quiz submits`);
      }),
  );
  await Promise.all([
    killer,
    ...Array.from({ length: workers }, async () => {
      while (Date.now() < stopAt && n < pairs.length) {
        const i = n++;
        const sent = Date.now();
        try {
          const r = await submitQuiz(json, pairs[i].token, pairs[i].quiz, i);
          if (r.status === 201) acked.push({ id: idOf(r.body.data), quiz: pairs[i].quiz.id });
          else failed.push({ i, status: r.status });
          if (killedAt && sent > killedAt + 200) afterKill.set(r.instance, (afterKill.get(r.instance) ?? 0) + 1);
        } catch (err) {
          failed.push({ i, status: err.message });
        }
      }
    }),
  ]);
  check(n < pairs.length, `the load ran out of students (${pairs.length} submits): raise KILL_QUIZZES`);
  const { rows: present } = await db.query('SELECT id FROM submissions WHERE id = ANY($1::uuid[])', [acked.map((a) => a.id)]);
  say(
    `${acked.length} quiz submits acknowledged, ${failed.length} failed (in flight at the kill: ${JSON.stringify(failed)}); ${present.length} of the acknowledged are in the database`,
  );
  say(`after the kill, answers came from: ${[...afterKill].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  check(present.length === acked.length, 'an acknowledged quiz submit was lost');
  check(failed.length <= workers, 'more submits failed than were in flight at the kill');
  check(
    !afterKill.has(victim.id) && [...afterKill.keys()].every((k) => nodes.some((node) => node.id === k)) && afterKill.size > 0,
    'traffic after the kill did not go to the survivors',
  );
  const listedBy = new Set();
  const listed = new Set();
  for (const quiz of quizzes) {
    const list = await json('GET', `/api/quizsubmissions?quiz=${quiz.id}`, { token: teacher });
    check(list.status === 200, `the teacher's list of ${quiz.id}: ${list.status}`);
    for (const s of list.body.data) listed.add(idOf(s));
    listedBy.add(list.instance);
  }
  check(
    acked.every((a) => listed.has(a.id)),
    "an acknowledged submit is missing from the teacher's list through nginx",
  );
  say(`every acknowledged submit is in the teacher's lists through nginx (answered by ${[...listedBy].join(', ')})`);
}
