// What the cluster smoke and the throughput run both need in the demo school: more students in student@'s class,
// quizzes made through the API as teacher@, sign-ins, and a quiz submit's answers. Every request goes through
// nginx with the caller's `json(method, path, { token, body })`, which answers { status, body, instance }.
import crypto from 'node:crypto';

const DEMO_PASSWORD = 'demo1234';

const idOf = (x) => x._id ?? x.id;

/**
 * `count` activated students placed in student@demo.school's class and year, with its password (demo1234).
 * Straight into the table: the API's createUser makes Pending accounts that wait for an invitation mail, and the
 * bench generator fills a whole school when only one class is wanted here. Answers [{ id, email }] in order.
 */
export async function addStudents(db, prefix, count) {
  const { rows } = await db.query(
    `INSERT INTO users (first_name, last_name, email, role, activated, password_hash, class_id, academic_year_id)
     SELECT 'Cluster', $1 || ' ' || lpad(g::text, 4, '0'), $1 || '-' || $3 || '-' || lpad(g::text, 4, '0') || '@demo.school', 'Student', true,
            s.password_hash, s.class_id, s.academic_year_id
       FROM users s CROSS JOIN generate_series(1, $2::int) g
      WHERE lower(s.email) = 'student@demo.school'
     RETURNING id, email`,
    [prefix, count, Date.now().toString(36)],
  ); // a run tag: a kept DATABASE_URL may see a second run
  if (rows.length !== count) throw new Error(`could not add ${count} students (is the demo school seeded?)`);
  return rows.sort((a, b) => a.email.localeCompare(b.email));
}

/** Signs in through nginx; answers the bearer token. */
export async function signIn(json, email) {
  const r = await json('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
  if (r.status !== 200 || !r.body.token) throw new Error(`sign-in of ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token;
}

/**
 * Signs every account in through nginx, `parallel` at a time (a sign-in counts as a failed attempt of the
 * address until it succeeds, and 30 of those in 15 minutes lock the address: stay well under). Answers tokens.
 */
export async function signInAll(json, emails, parallel = 8) {
  const tokens = new Array(emails.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < emails.length) {
        const i = next++;
        tokens[i] = await signIn(json, emails[i]);
      }
    }),
  );
  return tokens;
}

/**
 * Sessions for many students at once, as a sign-in would store them (the SHA-256 of a random bearer token,
 * server/src/modules/auth/secrets.ts): each sign-in spends ~25 ms of CPU on argon2id on purpose, which on a
 * busy 2-core machine makes hundreds of them take a minute. Answers the tokens in the order of `users`.
 */
export async function openSessions(db, users) {
  const tokens = users.map(() => crypto.randomBytes(32).toString('base64url'));
  const hashes = tokens.map((t) => crypto.createHash('sha256').update(t).digest('hex'));
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, active_role, expires_at)
     SELECT h, u, 'Student', now() + interval '12 hours' FROM unnest($1::text[], $2::uuid[]) AS x(h, u)`,
    [hashes, users.map((u) => u.id)],
  );
  return tokens;
}

/**
 * A quiz in `moduleId` made by the teacher through POST /api/quizzes, results shown at once: a multiple-choice
 * and a short-answer question (graded at submit) and a long answer (graded by the teacher). `targets`: student
 * ids for an individual-students quiz, else the whole class. Answers { id, dueDate, questions } (keys included).
 */
export async function createQuiz(json, teacher, { moduleId, title, dueDate, targets }) {
  const r = await json('POST', '/api/quizzes', {
    token: teacher,
    body: {
      module: moduleId,
      title,
      description: 'Made by pnpm cluster',
      instructions: 'Answer every question.',
      dueDate: dueDate.toISOString(),
      resultVisibility: 'immediate',
      isVisible: true,
      quizScope: targets ? 'individual_students' : 'whole_class',
      targetStudents: targets ?? [],
      questions: [
        {
          type: 'MCQ',
          questionText: 'Which is one half?',
          points: 2,
          order: 1,
          options: [
            { text: '1/2', isCorrect: true },
            { text: '1/3', isCorrect: false },
          ],
        },
        { type: 'ShortAnswer', questionText: 'One half as a decimal?', points: 2, order: 2, correctAnswers: ['0.5'] },
        { type: 'LongAnswer', questionText: 'How do you compare two fractions?', points: 6, order: 3 },
      ],
    },
  });
  if (r.status !== 201) throw new Error(`creating quiz "${title}": ${r.status} ${JSON.stringify(r.body)}`);
  const quiz = r.body.data;
  // the due date as stored: trimmed to the minute (assessments.md section 5)
  return {
    id: idOf(quiz),
    dueDate: new Date(quiz.dueDate),
    questions: quiz.questions.map((q) => ({ ...q, id: idOf(q), options: (q.options ?? []).map((o) => ({ ...o, id: idOf(o) })) })),
  };
}

/** The REST answers of a submit: the right option, '0.5', and a long answer naming `n`. */
export function quizAnswers(quiz, n) {
  return quiz.questions.map((q) => {
    if (q.type === 'MCQ') return { questionId: q.id, selectedOptions: q.options.filter((o) => o.isCorrect).map((o) => o.id) };
    if (q.type === 'ShortAnswer') return { questionId: q.id, answer: '0.5' };
    return { questionId: q.id, answer: `Cross-multiply and compare (submit ${n}).` };
  });
}

/** POST /api/quizsubmissions as the student; answers { status, body, instance } as `json` does. */
export function submitQuiz(json, token, quiz, n) {
  return json('POST', '/api/quizsubmissions', { token, body: { quizId: quiz.id, answers: quizAnswers(quiz, n) } });
}

export { DEMO_PASSWORD, idOf };
