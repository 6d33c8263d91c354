import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { Actor } from '../../policies';
import { Role } from '../../core/role';
import { User } from '../users';
import { AcademicYear, SchoolClass, Subject } from '../academic';
import { Course } from '../courses';
import { AttendanceRecord } from './attendance.entity';
import { sheetReads } from './attendance.repository';

/**
 * The one-statement reads (attendance.reads.ts, courses.student-courses.ts) against the ORM reads they
 * replaced, kept here as the reference: the same objects, field for field (dates as JSON writes them), for
 * every demo student, teacher's sheet and filter, with a record whose teacher is gone.
 */
let t: TestServer;
let sharedSeen = false;
const json = (x: unknown) => JSON.parse(JSON.stringify(x));
const actorOf = (u: { id: string; role: Role }): Actor =>
  ({ userId: u.id, role: u.role, activeRole: u.role, impersonating: false, sessionId: 's', childIds: [] }) as unknown as Actor;

const recordsQuery = () =>
  t.ds
    .getRepository(AttendanceRecord)
    .createQueryBuilder('r')
    .innerJoinAndSelect('r.student', 's')
    .innerJoinAndSelect('r.class', 'c')
    .innerJoinAndSelect('r.subject', 'sb')
    .innerJoinAndSelect('r.academicYear', 'y')
    .leftJoinAndSelect('r.teacher', 't');
const loaded = (rows: AttendanceRecord[]) => rows.map((r) => Object.assign(r, { teacher: r.teacher ?? null }));

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  await t.ds.query(`UPDATE attendance_records SET teacher_id = NULL WHERE id IN (SELECT id FROM attendance_records ORDER BY id LIMIT 5)`);
}, 60_000);
afterAll(() => t.close());

it('the attendance sheet: roster and records of each marked day as the ORM read them', async () => {
  const sheets: Array<{ class_id: string; subject_id: string; academic_year_id: string; date: string }> = await t.ds.query(
    `SELECT DISTINCT class_id, subject_id, academic_year_id, date::text AS date FROM attendance_records ORDER BY date DESC LIMIT 20`,
  );
  const [admin] = await t.ds.query(`SELECT id, role FROM users WHERE email = 'admin@demo.school'`);
  expect(sheets.length).toBeGreaterThan(3);
  for (const s of sheets) {
    const roster = await t.services.attendance.roster(actorOf(admin), s.class_id, s.subject_id, s.academic_year_id);
    const before = await t.ds.getRepository(User).find({
      where: { role: Role.Student, classId: s.class_id, academicYearId: s.academic_year_id },
      order: { lastName: 'ASC', firstName: 'ASC', id: 'ASC' },
    });
    expect(roster.length).toBeGreaterThan(0);
    expect(json(roster)).toEqual(json(before));
    const day = await t.services.attendance.forDate(actorOf(admin), s.class_id, s.subject_id, s.date);
    const old = await recordsQuery()
      .where('r.class_id = :c AND r.subject_id = :s AND r.date = CAST(:d AS date)', { c: s.class_id, s: s.subject_id, d: s.date })
      .orderBy('s.lastName')
      .addOrderBy('s.firstName')
      .addOrderBy('s.id')
      .getMany();
    expect(day.length).toBeGreaterThan(0);
    expect(json(day)).toEqual(json(loaded(old)));
    // the day's class, subject and year come once in the statement's answer: one object on every record
    for (const k of ['class', 'subject', 'academicYear'] as const) expect(new Set(day.map((r) => r[k])).size).toBe(1);
    sharedSeen ||= day.length > 1;
  }
  expect(sharedSeen).toBe(true);
});

it("a student's own attendance: records, summary, placement and filter options as the ORM read them", async () => {
  const students: Array<{ id: string; role: Role }> = await t.ds.query(`SELECT id, role FROM users WHERE role = 'Student' ORDER BY email`);
  for (const st of students) {
    const options: Array<{ class_id: string; subject_id: string }> = await t.ds.query(
      'SELECT DISTINCT class_id, subject_id FROM attendance_records WHERE student_id = $1',
      [st.id],
    );
    const filters = [{}, ...options.map((o) => ({ classId: o.class_id })), ...options.map((o) => ({ subjectId: o.subject_id }))];
    for (const f of filters) {
      for (const window of [
        { offset: 0, limit: 50 },
        { offset: 7, limit: 5 },
      ]) {
        const mine = await t.services.attendance.myPage(actorOf(st), f, window);
        let q = recordsQuery().where('r.student_id = :st', { st: st.id });
        if ('classId' in f) q = q.andWhere('r.class_id = :c', { c: f.classId });
        if ('subjectId' in f) q = q.andWhere('r.subject_id = :s', { s: f.subjectId });
        const all = loaded(await q.orderBy('r.date', 'DESC').addOrderBy('sb.name').addOrderBy('r.id').getMany());
        expect(json(mine.page!.items)).toEqual(json(all.slice(window.offset, window.offset + window.limit)));
        expect(mine.summary.total).toBe(all.length);
        for (const k of ['present', 'absent', 'late'] as const) {
          expect(mine.summary[k]).toBe(all.filter((r) => r.status.toLowerCase() === k).length);
        }
        // the REST list: every record, the same summary
        const whole = await t.services.attendance.myAll(actorOf(st), f);
        expect(json(whole.records)).toEqual(json(all));
        expect(whole.summary).toEqual(mine.summary);
      }
    }
    const mine = await t.services.attendance.myPage(actorOf(st), {});
    const user = await t.ds.getRepository(User).findOneByOrFail({ id: st.id });
    const cls = user.classId ? await t.ds.getRepository(SchoolClass).findOneBy({ id: user.classId }) : null;
    const year = user.academicYearId ? await t.ds.getRepository(AcademicYear).findOneBy({ id: user.academicYearId }) : null;
    expect(json(mine.student)).toEqual(json({ ...user, class: cls, academicYear: year }));
    const classIds = options.map((o) => o.class_id);
    const subjectIds = options.map((o) => o.subject_id);
    expect(json(mine.classes)).toEqual(
      json(
        await t.ds
          .getRepository(SchoolClass)
          .createQueryBuilder('c')
          .where('c.id IN (:...ids)', { ids: [...classIds, st.id] })
          .orderBy('c.name')
          .addOrderBy('c.id')
          .getMany(),
      ),
    );
    expect(json(mine.subjects)).toEqual(
      json(
        await t.ds
          .getRepository(Subject)
          .createQueryBuilder('s')
          .where('s.id IN (:...ids)', { ids: [...subjectIds, st.id] })
          .orderBy('s.name')
          .addOrderBy('s.id')
          .getMany(),
      ),
    );
  }
});

it("studentCourses: the student's placement and courses as the ORM read them (teachers by name)", async () => {
  const students: Array<{ id: string; role: Role; class_id: string; academic_year_id: string }> = await t.ds.query(
    `SELECT id, role, class_id, academic_year_id FROM users WHERE role = 'Student' AND class_id IS NOT NULL ORDER BY email`,
  );
  expect(students.length).toBeGreaterThan(1);
  for (const st of students) {
    const answer = await t.services.courses.studentCourses(actorOf(st));
    const old = await t.ds
      .getRepository(Course)
      .createQueryBuilder('c')
      .innerJoinAndSelect('c.subject', 's')
      .innerJoinAndSelect('c.class', 'cl')
      .innerJoinAndSelect('c.academicYear', 'y')
      .leftJoinAndSelect('c.teachers', 't')
      .where('c.class_id = :cl AND c.academic_year_id = :y', { cl: st.class_id, y: st.academic_year_id })
      .orderBy('s.name', 'ASC')
      .addOrderBy('c.title', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .addOrderBy('t.lastName')
      .addOrderBy('t.firstName')
      .addOrderBy('t.id')
      .getMany();
    expect(old.length).toBeGreaterThan(0);
    expect(json(answer.courses)).toEqual(json(old));
    // the class and year come once in the statement's answer: the placement's objects are every course's
    expect(answer.courses.every((c) => c.class === answer.studentInfo.class && c.academicYear === answer.studentInfo.academicYear)).toBe(
      true,
    );
    expect(json(answer.studentInfo)).toEqual(
      json({
        academicYear: await t.ds.getRepository(AcademicYear).findOneBy({ id: st.academic_year_id }),
        class: await t.ds.getRepository(SchoolClass).findOneBy({ id: st.class_id }),
      }),
    );
  }
});

it("the teacher's sheet builds its people lean when the operation asks no more than their names, emails and roles: the same answer", async () => {
  const [s] = await t.ds.query(`SELECT r.class_id, r.subject_id, r.academic_year_id, r.date::text AS date FROM attendance_records r
    JOIN allocations al ON al.class_id = r.class_id AND al.subject_id = r.subject_id JOIN allocation_teachers x ON x.allocation_id = al.id
    JOIN users u ON u.id = x.teacher_id AND u.email = 'teacher@demo.school' WHERE r.teacher_id IS NOT NULL ORDER BY r.date DESC LIMIT 1`);
  const vars = { c: s.class_id, s: s.subject_id, y: s.academic_year_id, d: s.date };
  // some of the day's records may have lost their teacher (beforeAll): their teacher stays null either way
  const token = await t.login('teacher@demo.school');
  const sheet = (roster: string, records: string, fragments = '') =>
    t.gql(
      `query($c: ID!, $s: ID!, $y: ID!, $d: String!) {
    attendanceRoster(classId: $c, subjectId: $s, academicYearId: $y) { ${roster} }
    attendanceForDate(classId: $c, subjectId: $s, date: $d) { id status ${records} } } ${fragments}`,
      vars,
      token,
    );
  const service = t.services.attendance;
  const [roster, forDate] = [service.roster.bind(service), service.forDate.bind(service)];
  const asked: unknown[] = [];
  service.roster = (...a: Parameters<typeof roster>) => (asked.push(['roster', a[5]]), roster(...a));
  service.forDate = (...a: Parameters<typeof forDate>) => (asked.push(['day', a[5]]), forDate(...a));
  const WHOLE = 'id firstName lastName email role activated createdAt';
  const whole = await sheet(WHOLE, `student { ${WHOLE} } teacher { ${WHOLE} }`);
  // the web's sheet: names and emails, through an alias and a fragment
  const lean = await sheet(
    '...Person',
    'student { __typename id first: firstName lastName } teacher { ...Person }',
    'fragment Person on User { id firstName lastName email role }',
  );
  // one place asking more makes that read whole, and only that one
  const mixed = await sheet('id email', 'student { id } teacher { id activated }');
  Object.assign(service, { roster, forDate });
  expect([whole.errors, lean.errors, mixed.errors]).toEqual([undefined, undefined, undefined]);
  expect(asked).toEqual([
    ['roster', false],
    ['day', false],
    ['roster', true],
    ['day', true],
    ['roster', true],
    ['day', false],
  ]);
  expect(lean.sql).toBe(whole.sql);
  const person = ({ id, firstName, lastName, email, role }: Record<string, unknown>) => ({ id, firstName, lastName, email, role });
  expect(whole.data.attendanceRoster.length).toBeGreaterThan(1);
  expect(lean.data.attendanceRoster).toEqual(whole.data.attendanceRoster.map(person));
  expect(lean.data.attendanceForDate).toEqual(
    whole.data.attendanceForDate.map((r: Record<string, any>) => ({
      id: r.id,
      status: r.status,
      teacher: r.teacher && person(r.teacher),
      student: { __typename: 'User', id: r.student.id, first: r.student.firstName, lastName: r.student.lastName },
    })),
  );
  expect(mixed.data.attendanceForDate.map((r: any) => r.teacher?.activated)).toEqual(
    whole.data.attendanceForDate.map((r: any) => r.teacher?.activated),
  );
  // left out of the statement, not only of the answer
  const [leanRoster, leanDay] = await sheetReads(t.ds.manager, [
    { kind: 'roster', params: [s.class_id, s.subject_id, s.academic_year_id], lean: true },
    { kind: 'sheet', params: [s.class_id, s.subject_id, s.date], lean: true },
  ]);
  const people: object[] = [
    ...(leanRoster!.rows as User[]),
    ...(leanDay!.rows as AttendanceRecord[]).flatMap((r) => [r.student!, ...(r.teacher ? [r.teacher] : [])]),
  ];
  expect(people.length).toBeGreaterThan(2);
  expect(people.every((u) => Object.keys(u).sort().join() === 'email,firstName,id,lastName,role')).toBe(true);
});
