#!/usr/bin/env node
// Large-school data generator: fills a database that the server has already migrated (and usually seeded
// with the demo school) through a few big INSERT ... SELECT generate_series statements in one transaction.
//
//   node bench/src/generate.mjs postgres://postgres@127.0.0.1:5432/lms_dev [--preset small] [--check]
//
// Presets (PRESETS): 'large' (the default, described below) and 'small', the same shapes at a few percent of the
// size for a CI smoke run. Assessments, questions, submissions, grades and drafts come from
// generate-assessments.mjs in the same transaction.
//
// What it adds (defaults; see DEFAULTS): 3 academic years with 20 classes each (60 classes, the demo
// school's classes count towards them), 12 subjects, 150 teachers, 1,800 students placed 30 to a class,
// admins and parents, an allocation (who teaches it) for every class and subject, 5 courses per allocation with
// modules, content rows (metadata only: they all point at one small file row), announcements, discussion
// threads with replies, and 6 weeks of weekday attendance for every student in every subject of their class.
// The demo accounts take part: teacher@ and teacher2@demo.school are in the teacher pool, student@ and
// student2@demo.school's class gets its 30 students, courses and attendance like every other class.
// Every generated account's password is demo1234 (the demo accounts' password).
// Student@'s class is topped up to 40 students (gradingClassSize): teacher@'s grading-dashboard items are for it.
// Then ~10,000 assessments, ~210,000 submissions with 2.9 million answers and 2.8 million grades (generate-assessments.mjs).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  ASSESSMENT_DEFAULTS,
  ASSESSMENT_TABLES,
  SMALL_ASSESSMENTS,
  checkIntegrity,
  dropIndexes,
  generateAssessments,
} from './generate-assessments.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');

/** The large school. */
export const DEFAULTS = {
  years: ['2024', '2025', '2026'], // the last one is the active year (the demo school's 2025 and 2026 are reused)
  classesPerYear: 20,
  subjects: [
    'Mathematics',
    'English',
    'Science',
    'History',
    'Art',
    'Geography',
    'Music',
    'Physical Education',
    'Computing',
    'French',
    'Biology',
    'Chemistry',
  ],
  teachers: 150,
  students: 1800,
  admins: 5,
  parents: 100,
  coTeachEvery: 10, // every 10th allocation gets a second teacher
  coursesPerAllocation: 5,
  modulesPerCourse: 5,
  contentsPerModule: 3,
  announcementsPerCourse: 4,
  threadsPerCourse: 3,
  repliesPerThread: 3,
  attendanceWeeks: 6,
  password: 'demo1234',
  // the class of the grading-dashboard items (student@'s class) is topped up to this many students
  gradingClassSize: 40,
  ...ASSESSMENT_DEFAULTS,
};

/** Named sizes: 'large' is the benchmark's school; 'small' has the same shapes, generated in seconds (CI smoke run). */
export const PRESETS = {
  large: DEFAULTS,
  small: {
    ...DEFAULTS,
    years: ['2026'],
    classesPerYear: 3, // the demo school's Class 5A, 5B and 6A
    subjects: ['Mathematics', 'English', 'Science', 'History'],
    teachers: 6,
    students: 22,
    admins: 1,
    parents: 2,
    coursesPerAllocation: 2,
    modulesPerCourse: 3,
    contentsPerModule: 2,
    announcementsPerCourse: 2,
    threadsPerCourse: 2,
    repliesPerThread: 2,
    attendanceWeeks: 1,
    gradingClassSize: 8,
    ...SMALL_ASSESSMENTS,
  },
};

/** The tables the generator writes, for the rows-added counts. */
const TABLES = [
  'academic_years',
  'classes',
  'subjects',
  'users',
  'allocations',
  'allocation_teachers',
  'courses',
  'course_modules',
  'contents',
  'files',
  'announcements',
  'discussions',
  'attendance_records',
  ...ASSESSMENT_TABLES,
];
const countAll = async (client) =>
  (await client.query(`SELECT ${TABLES.map((t) => `(SELECT count(*)::int FROM ${t}) AS ${t}`).join(', ')}`)).rows[0];

const FIRST = [
  'Amara',
  'Ben',
  'Chloe',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Pablo',
  'Quinn',
  'Rosa',
  'Samir',
  'Tess',
  'Uma',
  'Victor',
  'Wen',
  'Xavier',
  'Yara',
  'Zane',
  'Aiko',
  'Bruno',
  'Cora',
  'Dario',
  'Esme',
  'Felix',
  'Gita',
  'Hana',
  'Ivan',
  'Jade',
  'Kofi',
  'Lena',
  'Milo',
  'Nia',
];
const LAST = [
  'Adams',
  'Bauer',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Hansen',
  'Ito',
  'Jensen',
  'Khan',
  'Larsen',
  'Moreau',
  'Nowak',
  'Okafor',
  'Park',
  'Quint',
  'Rossi',
  'Silva',
  'Tanaka',
  'Uddin',
  'Vega',
  'Weber',
  'Xu',
  'Young',
  'Zimmer',
  'Alvarez',
  'Brooks',
  'Chen',
  'Diaz',
  'Eriksen',
  'Ferreira',
  'Gomez',
  'Horvat',
  'Iqbal',
  'Jovanovic',
  'Kim',
  'Lopez',
  'Mensah',
  'Novak',
];

/** One argon2id hash of the password, made by the server's own code (server/dist), else the demo accounts' hash. */
async function passwordHash(client, password) {
  try {
    const require = createRequire(path.join(repoRoot, 'server', 'package.json'));
    const secrets = require(path.join(repoRoot, 'server', 'dist', 'modules', 'auth', 'secrets.js'));
    return await secrets.hashPassword(password);
  } catch (err) {
    const { rows } = await client.query(
      `SELECT password_hash FROM users WHERE email = 'teacher@demo.school' AND password_hash IS NOT NULL`,
    );
    if (rows[0]) return rows[0].password_hash;
    throw new Error(`cannot hash the password: build the server first (pnpm build): ${err.message}`, { cause: err });
  }
}

/**
 * Fills the database at `url` (a connection string or a connected pg.Client) with the school of `preset`
 * ('large' or 'small'; other options override single sizes). Returns `{ ms, counts }`: the time taken and, per
 * table, the rows added. Throws when the database already holds a generated school.
 *
 * As a superuser it sets session_replication_role = replica for the transaction: the foreign-key triggers
 * (there are no other triggers) do not fire, which makes the bulk inserts several times faster. Every row is
 * built from the rows it references; `check: true` (CLI --check) verifies every foreign key afterwards.
 */
export async function generate(url, { preset = 'large', ...options } = {}) {
  if (!PRESETS[preset]) throw new Error(`unknown preset ${preset}: ${Object.keys(PRESETS).join(' or ')}`);
  const o = { ...PRESETS[preset], ...options };
  const client = typeof url === 'string' ? new pg.Client({ connectionString: url }) : url;
  if (typeof url === 'string') {
    // a dropped connection (the database dropped under it, Ctrl-C) fails the pending query; do not crash on the event too
    client.on('error', () => undefined);
    await client.connect();
  }
  const started = Date.now();
  const step = async (label, sql, params = []) => {
    const t = Date.now();
    const r = await client.query(sql, params);
    if (o.verbose) console.log(`  ${label}: ${r.rowCount ?? 0} rows in ${Date.now() - t} ms`);
    return r;
  };
  try {
    const hash = await passwordHash(client, o.password);
    const before = await countAll(client);
    const {
      rows: [{ rolsuper }],
    } = await client.query('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
    await client.query('BEGIN');
    if (rolsuper) await client.query('SET LOCAL session_replication_role = replica');
    await client.query(`SET LOCAL work_mem = '256MB'`);
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    const { rows: already } = await client.query(`SELECT 1 FROM users WHERE email LIKE '%@bench.school' LIMIT 1`);
    if (already.length) throw new Error('this database already holds a generated school (users @bench.school)');

    // ---- academic structure
    const active = o.years[o.years.length - 1];
    await step(
      'academic years',
      `
      INSERT INTO academic_years (year, is_active)
      SELECT y, false FROM unnest($1::text[]) AS y
      ON CONFLICT ((lower(year))) DO NOTHING`,
      [o.years],
    );
    // at most one year is active (academic_years_one_active): hand it over in two steps
    await step('the active year', `UPDATE academic_years SET is_active = false WHERE is_active AND year <> $1`, [active]);
    await step('the active year (2)', `UPDATE academic_years SET is_active = true WHERE year = $1`, [active]);
    await step(
      'years (temp)',
      `
      CREATE TEMP TABLE b_years ON COMMIT DROP AS
      SELECT id, year, ($2::int - row_number() OVER (ORDER BY year))::int AS age
        FROM academic_years WHERE year = ANY($1::text[])`,
      [o.years, o.years.length],
    );

    // fill every year up to classesPerYear classes: Class 7A .. 11D (the demo school's 5A, 5B, 6A count)
    await step(
      'classes',
      `
      INSERT INTO classes (name, grade, academic_year_id, description)
      SELECT format('Class %s%s', 7 + (g - 1) / 4, chr(65 + (g - 1) % 4)), (7 + (g - 1) / 4)::text, y.id,
             format('Grade %s, section %s (%s)', 7 + (g - 1) / 4, chr(65 + (g - 1) % 4), y.year)
        FROM b_years y
        CROSS JOIN LATERAL generate_series(1, greatest(0, $1 - (SELECT count(*)::int FROM classes c WHERE c.academic_year_id = y.id))) AS g
      ON CONFLICT DO NOTHING`,
      [o.classesPerYear],
    );
    await step(
      'classes (temp)',
      `
      CREATE TEMP TABLE b_classes ON COMMIT DROP AS
      SELECT c.id, c.name, c.academic_year_id, y.year, y.age, (row_number() OVER (ORDER BY y.year, c.name) - 1)::int AS ci
        FROM classes c JOIN b_years y ON y.id = c.academic_year_id`,
    );

    await step(
      'subjects',
      `
      INSERT INTO subjects (name, description)
      SELECT s, s || ' for all grades' FROM unnest($1::text[]) AS s
      ON CONFLICT ((lower(name))) DO NOTHING`,
      [o.subjects],
    );
    await step(
      'subjects (temp)',
      `
      CREATE TEMP TABLE b_subjects ON COMMIT DROP AS
      SELECT id, name, (row_number() OVER (ORDER BY name) - 1)::int AS si
        FROM subjects WHERE lower(name) = ANY($1::text[])`,
      [o.subjects.map((s) => s.toLowerCase())],
    );

    // ---- people (everyone signs in with the same password)
    const person = (role, prefix, count) =>
      step(
        `${role}s`,
        `
      INSERT INTO users (first_name, last_name, email, role, activated, password_hash)
      SELECT ($4::text[])[1 + n % cardinality($4::text[])], ($5::text[])[1 + (n / cardinality($4::text[]) + n) % cardinality($5::text[])],
             format('%s%s@bench.school', $2::text, n), $1, true, $3
        FROM generate_series(1, $6::int) AS n`,
        [role, prefix, hash, FIRST, LAST, count],
      );
    await person('Teacher', 'teacher', o.teachers);
    await person('Admin', 'admin', o.admins);
    await person('Parent', 'parent', o.parents);
    await step(
      'students (placed round-robin in the classes)',
      `
      INSERT INTO users (first_name, last_name, email, role, activated, password_hash, class_id, academic_year_id)
      SELECT ($3::text[])[1 + n % cardinality($3::text[])], ($4::text[])[1 + (n / 7 + n) % cardinality($4::text[])],
             format('student%s@bench.school', n), 'Student', true, $1, c.id, c.academic_year_id
        FROM generate_series(1, $2::int) AS n
        JOIN b_classes c ON c.ci = n % (SELECT count(*) FROM b_classes)`,
      [hash, o.students, FIRST, LAST],
    );
    // the grading-dashboard class: student@'s class when it is generated, else the first class of the active year
    await step(
      'the grading class (temp)',
      `
      CREATE TEMP TABLE b_grading_class ON COMMIT DROP AS
      SELECT c.id, c.academic_year_id FROM b_classes c JOIN b_years y ON y.id = c.academic_year_id AND y.age = 0
       ORDER BY (c.id = (SELECT class_id FROM users WHERE email = 'student@demo.school')) DESC, c.ci LIMIT 1`,
    );
    await step(
      'students topping up the grading class',
      `
      INSERT INTO users (first_name, last_name, email, role, activated, password_hash, class_id, academic_year_id)
      SELECT ($3::text[])[1 + n % cardinality($3::text[])], ($4::text[])[1 + (n / 7 + n) % cardinality($4::text[])],
             format('student%s@bench.school', n), 'Student', true, $1, g.id, g.academic_year_id
        FROM b_grading_class g
        CROSS JOIN LATERAL generate_series($2::int + 1,
          $2::int + greatest(0, $5::int - (SELECT count(*)::int FROM users u WHERE u.class_id = g.id AND u.role = 'Student'))) AS n`,
      [hash, o.students, FIRST, LAST, o.gradingClassSize],
    );

    // ---- who teaches what: every class x subject, teachers in turn (the demo teachers are in the pool)
    await step(
      'teachers (temp)',
      `
      CREATE TEMP TABLE b_teachers ON COMMIT DROP AS
      SELECT id, (row_number() OVER (ORDER BY email) - 1)::int AS ti FROM users WHERE role = 'Teacher'`,
    );
    await step(
      'allocations',
      `
      WITH want AS (
        SELECT c.id AS class_id, s.id AS subject_id, c.academic_year_id,
               (row_number() OVER (ORDER BY c.ci, s.si) - 1)::int AS k
          FROM b_classes c CROSS JOIN b_subjects s
      ), ins AS (
        INSERT INTO allocations (class_id, subject_id, academic_year_id)
        SELECT class_id, subject_id, academic_year_id FROM want
        ON CONFLICT DO NOTHING
        RETURNING id, class_id, subject_id
      ), nt AS (SELECT count(*)::int AS n FROM b_teachers)
      INSERT INTO allocation_teachers (allocation_id, teacher_id)
      SELECT DISTINCT ins.id, t.id
        FROM ins JOIN want w USING (class_id, subject_id) CROSS JOIN nt
        JOIN b_teachers t ON t.ti = w.k % nt.n OR (w.k % $1 = 0 AND t.ti = (w.k + 37) % nt.n)`,
      [o.coTeachEvery],
    );
    await step(
      'allocations (temp)',
      `
      CREATE TEMP TABLE b_allocations ON COMMIT DROP AS
      SELECT al.id, al.class_id, al.subject_id, al.academic_year_id, c.name AS class_name, c.year, c.age, s.name AS subject_name,
             (SELECT alt.teacher_id FROM allocation_teachers alt WHERE alt.allocation_id = al.id ORDER BY alt.teacher_id LIMIT 1) AS teacher_id
        FROM allocations al
        JOIN b_classes c ON c.id = al.class_id
        JOIN b_subjects s ON s.id = al.subject_id`,
    );

    // ---- courses and what is in them
    await client.query(
      `CREATE TEMP TABLE b_courses (n serial, id uuid, class_id uuid, academic_year_id uuid, created_by uuid, age int, k int) ON COMMIT DROP`,
    );
    await step(
      'courses',
      `
      WITH ins AS (
        INSERT INTO courses (title, description, subject_id, class_id, academic_year_id, created_by, created_at, updated_at)
        SELECT format('%s %s %s #%s', a.subject_name, a.class_name, a.year, k),
               format('%s for %s (%s), part %s: lessons, notes and practice.', a.subject_name, a.class_name, a.year, k),
               a.subject_id, a.class_id, a.academic_year_id, a.teacher_id,
               now() - make_interval(days => a.age * 365 + 60 - k), now() - make_interval(days => a.age * 365 + 60 - k)
          FROM b_allocations a CROSS JOIN generate_series(1, $1::int) AS k
         ORDER BY a.year, a.class_name, a.subject_name, k
        RETURNING id, class_id, academic_year_id, created_by, subject_id, title
      )
      INSERT INTO b_courses (id, class_id, academic_year_id, created_by, age, k)
      SELECT ins.id, ins.class_id, ins.academic_year_id, ins.created_by, y.age, substring(ins.title FROM '#([0-9]+)$')::int
        FROM ins JOIN b_years y ON y.id = ins.academic_year_id`,
      [o.coursesPerAllocation],
    );
    // a course's teachers are its allocation's (course_teachers is a view over the allocations): nothing to insert

    await client.query(`CREATE TEMP TABLE b_modules (id uuid, created_by uuid, age int, course_id uuid, m int) ON COMMIT DROP`);
    await step(
      'modules (the last one of each course hidden)',
      `
      WITH ins AS (
        INSERT INTO course_modules (course_id, title, description, module_type, sort_order, is_visible)
        SELECT bc.id, format('Week %s', m), format('What we cover in week %s, with notes and practice.', m),
               'Week', m, m < $1::int
          FROM b_courses bc CROSS JOIN generate_series(1, $1::int) AS m
        RETURNING id, course_id, sort_order
      )
      INSERT INTO b_modules SELECT ins.id, bc.created_by, bc.age, ins.course_id, ins.sort_order FROM ins JOIN b_courses bc ON bc.id = ins.course_id`,
      [o.modulesPerCourse],
    );

    const {
      rows: [file],
    } = await step(
      'the one file row every content points at',
      `
      INSERT INTO files (storage_key, original_name, size, mime, sha256)
      VALUES ('bench/' || gen_random_uuid(), 'notes.pdf', 2048, 'application/pdf', encode(sha256('bench'::bytea), 'hex'))
      RETURNING id`,
    );
    await step(
      'contents',
      `
      INSERT INTO contents (module_id, title, description, content_type, file_id, file_name, file_size, mime_type,
                            is_visible, created_by, created_at, updated_at)
      SELECT bm.id, format('Lesson notes %s', j), format('Notes and exercises, part %s.', j),
             (ARRAY['PDF','Video','PPT','Reading','Other'])[1 + j % 5], $2::uuid, format('notes-%s.pdf', j), 2048, 'application/pdf',
             true, bm.created_by, now() - make_interval(days => bm.age * 365, secs => 100 - j), now() - make_interval(days => bm.age * 365, secs => 100 - j)
        FROM b_modules bm CROSS JOIN generate_series(1, $1::int) AS j`,
      [o.contentsPerModule, file.id],
    );

    await step(
      'announcements (the newest of each course hidden)',
      `
      INSERT INTO announcements (course_id, title, content, is_visible, author_id, created_at, updated_at)
      SELECT bc.id, format('Announcement %s', a), format('Please read: news number %s for this course. Bring your notebook.', a),
             a < $1::int, bc.created_by,
             now() - make_interval(days => bc.age * 365 + 2 * ($1::int - a)), now() - make_interval(days => bc.age * 365 + 2 * ($1::int - a))
        FROM b_courses bc CROSS JOIN generate_series(1, $1::int) AS a`,
      [o.announcementsPerCourse],
    );

    // threads by a student of the class (the teacher when the class has none), replies by teacher and students in turn
    await client.query(
      `CREATE TEMP TABLE b_threads (id uuid, course_id uuid, class_id uuid, academic_year_id uuid, created_by uuid, n int) ON COMMIT DROP`,
    );
    await step(
      'discussion threads',
      `
      WITH ins AS (
        INSERT INTO discussions (course_id, title, content, author_id, created_at, updated_at)
        SELECT bc.id, format('Question %s about this week', t), format('Can someone explain part %s of the notes again?', t),
               coalesce((SELECT u.id FROM users u WHERE u.class_id = bc.class_id AND u.academic_year_id = bc.academic_year_id
                          ORDER BY u.id OFFSET (bc.n + t) % 25 LIMIT 1), bc.created_by),
               now() - make_interval(days => bc.age * 365 + 10 * t), now() - make_interval(days => bc.age * 365 + 10 * t)
          FROM b_courses bc CROSS JOIN generate_series(1, $1::int) AS t
        RETURNING id, course_id
      )
      INSERT INTO b_threads SELECT ins.id, ins.course_id, bc.class_id, bc.academic_year_id, bc.created_by, bc.n
        FROM ins JOIN b_courses bc ON bc.id = ins.course_id`,
      [o.threadsPerCourse],
    );
    await step(
      'discussion replies',
      `
      INSERT INTO discussions (course_id, parent_id, title, content, author_id, created_at, updated_at)
      SELECT th.course_id, th.id, format('Re: reply %s', r), format('Here is how I see it (reply %s).', r),
             CASE WHEN r % 2 = 1 THEN th.created_by
                  ELSE coalesce((SELECT u.id FROM users u WHERE u.class_id = th.class_id AND u.academic_year_id = th.academic_year_id
                                  ORDER BY u.id OFFSET (th.n + r * 3) % 25 LIMIT 1), th.created_by) END,
             d.created_at + make_interval(hours => r), d.created_at + make_interval(hours => r)
        FROM b_threads th JOIN discussions d ON d.id = th.id CROSS JOIN generate_series(1, $1::int) AS r`,
      [o.repliesPerThread],
    );

    // ---- attendance: the weekdays of the last N weeks before today (shifted back a year per older year),
    // every placed student in every subject of their class; 1 in 20 absent, 2 in 20 late
    // its indexes are built once afterwards (the unique one stays: ON CONFLICT needs it)
    const rebuildAttendance = await dropIndexes(client, 'attendance_records', ['attendance_records_student_class_subject_date_key']);
    await step(
      'attendance',
      `
      WITH days AS (
        SELECT d::date AS day FROM generate_series(current_date - $1::int * 7, current_date - 1, interval '1 day') AS d
         WHERE extract(isodow FROM d) < 6
      ), x AS (
        SELECT u.id AS student_id, a.class_id, a.subject_id, a.academic_year_id, a.teacher_id,
               days.day - a.age * 364 AS day,
               abs(hashtext(u.id::text || days.day::text || a.subject_id::text)::bigint) % 20 AS k
          FROM b_allocations a
          JOIN users u ON u.class_id = a.class_id AND u.academic_year_id = a.academic_year_id AND u.role = 'Student'
          CROSS JOIN days
      )
      INSERT INTO attendance_records (student_id, class_id, subject_id, academic_year_id, date, status, notes, teacher_id)
      SELECT student_id, class_id, subject_id, academic_year_id, day,
             CASE WHEN k = 0 THEN 'Absent' WHEN k < 3 THEN 'Late' ELSE 'Present' END,
             CASE WHEN k = 0 THEN 'Sick' WHEN k < 3 THEN 'Bus was delayed' END,
             teacher_id
        FROM x
      ON CONFLICT DO NOTHING`,
      [o.attendanceWeeks],
    );
    const ta = Date.now();
    await rebuildAttendance();
    if (o.verbose) console.log(`  attendance indexes rebuilt in ${Date.now() - ta} ms`);

    // ---- assessments, questions, submissions, grades, drafts (generate-assessments.mjs)
    await generateAssessments(client, o, step, { fileId: file.id });

    await client.query('COMMIT');
    // planner statistics and the visibility map, as a database that has been running a while would have them
    const t = Date.now();
    await client.query('VACUUM (ANALYZE)');
    if (o.verbose) console.log(`  vacuum analyze: ${Date.now() - t} ms`);

    if (o.check) await checkIntegrity(client);
    const after = await countAll(client);
    const counts = Object.fromEntries(TABLES.map((t) => [t, after[t] - before[t]]));
    return { counts, ms: Date.now() - started };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    if (typeof url === 'string') await client.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const flag = (name) => {
    const i = args.indexOf(name);
    return i < 0 ? undefined : args.splice(i, 2)[1];
  };
  const preset = flag('--preset') ?? 'large';
  const check = args.includes('--check');
  const url = args.find((a) => !a.startsWith('--')) ?? process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'usage: node bench/src/generate.mjs <postgres url> [--preset large|small] [--check]   (or DATABASE_URL=...); the server must have migrated it',
    );
    process.exit(2);
  }
  generate(url, { preset, verbose: true, check })
    .then(({ counts, ms }) => {
      console.log(`generated in ${(ms / 1000).toFixed(1)} s:`, counts);
    })
    .catch((err) => {
      console.error(`generation failed: ${err.message}`);
      process.exit(1);
    });
}
