#!/usr/bin/env node
// OneRoster CSV import of a district-sized roster (issue 27; bench/README.md "OneRoster import"): the BUILT server
// (run `pnpm build` first) on a fresh database with the demo school, a generated OneRoster 1.2 zip of
// BENCH_OR_USERS users (20,000: 1,000 teachers, 2,000 guardians, 17,000 students in 680 class groups, 5 subjects,
// 85,000 student and 3,400 teacher enrollments) written to disk as it is generated and streamed to
// POST /api/oneroster/imports; it prints the time of the preview, of the apply and of the same zip again (which
// must change nothing), and the server's peak memory.
//
// Environment: BENCH_DATABASE_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_OR_USERS (20000).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { crc32 } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const HOST = '127.0.0.1';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(process.env.BENCH_OR_USERS ?? 20_000);
const SUBJECTS = ['Mathematics', 'English', 'Science', 'History', 'Art'];
const log = (...a) => console.log(...a);

/** A zip written entry by entry to a stream: stored entries with data descriptors, so nothing is held whole. */
class StreamingZip {
  constructor(out) {
    this.out = out;
    this.offset = 0;
    this.central = [];
  }
  async write(buf) {
    if (!this.out.write(buf)) await once(this.out, 'drain');
    this.offset += buf.length;
  }
  async file(name, rows) {
    const fileName = Buffer.from(name);
    const start = this.offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x08, 6);
    local.writeUInt16LE(fileName.length, 26);
    await this.write(Buffer.concat([local, fileName]));
    let crc = 0;
    let size = 0;
    for (const row of rows) {
      const b = Buffer.from(`${row}\r\n`);
      crc = crc32(b, crc);
      size += b.length;
      await this.write(b);
    }
    const desc = Buffer.alloc(16);
    desc.writeUInt32LE(0x08074b50, 0);
    desc.writeUInt32LE(crc, 4);
    desc.writeUInt32LE(size, 8);
    desc.writeUInt32LE(size, 12);
    await this.write(desc);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x08, 8);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(size, 20);
    c.writeUInt32LE(size, 24);
    c.writeUInt16LE(fileName.length, 28);
    c.writeUInt32LE(start, 42);
    this.central.push(Buffer.concat([c, fileName]));
  }
  async end() {
    const dir = Buffer.concat(this.central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.central.length, 8);
    end.writeUInt16LE(this.central.length, 10);
    end.writeUInt32LE(dir.length, 12);
    end.writeUInt32LE(this.offset, 16);
    await this.write(Buffer.concat([dir, end]));
    this.out.end();
    await once(this.out, 'finish');
  }
}

/** The district's roster, row by row (generators: no file is built in memory). */
async function writeRoster(file) {
  const teachers = Math.round(USERS * 0.05);
  const guardians = Math.round(USERS * 0.1);
  const students = USERS - teachers - guardians;
  const groups = Math.ceil(students / 25);
  const zip = new StreamingZip(fs.createWriteStream(file));
  await zip.file('manifest.csv', [
    'propertyName,value',
    'manifest.version,1.0',
    'oneroster.version,1.2',
    'file.orgs,bulk',
    'file.academicSessions,bulk',
    'file.courses,bulk',
    'file.classes,bulk',
    'file.users,bulk',
    'file.roles,bulk',
    'file.enrollments,bulk',
    'source.systemName,Bench SIS',
  ]);
  await zip.file('orgs.csv', [
    'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId',
    'd1,,,Bench District,district,BD,',
    's1,,,Bench School,school,BS,d1',
  ]);
  await zip.file('academicSessions.csv', [
    'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear',
    'y1,,,2035-2036,schoolYear,2035-08-20,2036-06-30,,2036',
    't1,,,Fall 2035,term,2035-08-20,2035-12-20,y1,2036',
    't2,,,Spring 2036,term,2036-01-05,2036-06-30,y1,2036',
  ]);
  const grade = (g) => String(1 + (g % 10));
  await zip.file(
    'courses.csv',
    (function* () {
      yield 'sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes';
      for (let g = 1; g <= 10; g++) for (const s of SUBJECTS) yield `c-${s}-${g},,,y1,${s} ${g},${s}${g},${g},s1,${s},`;
    })(),
  );
  await zip.file(
    'classes.csv',
    (function* () {
      yield 'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods';
      for (let g = 0; g < groups; g++)
        for (const s of SUBJECTS) yield `k-${g}-${s},,,G${g} ${s},${grade(g)},c-${s}-${grade(g)},G${g},scheduled,,s1,"t1,t2",${s},,`;
    })(),
  );
  const head =
    'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,resourceSourcedIds,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns';
  const user = (sid, given, family, agents = '', grades = '') =>
    `${sid},,,true,,,${given},${family},,,${sid}@bench.example,,,${agents},${grades},,,,,,,s1,`;
  await zip.file(
    'users.csv',
    (function* () {
      yield head;
      for (let i = 0; i < teachers; i++) yield user(`t${i}`, 'Teacher', `T${i}`);
      for (let i = 0; i < students; i++) yield user(`st${i}`, 'Student', `S${i}`, i < guardians ? `g${i}` : '', grade(Math.floor(i / 25)));
      for (let i = 0; i < guardians; i++) yield user(`g${i}`, 'Guardian', `G${i}`, `st${i}`);
    })(),
  );
  await zip.file(
    'roles.csv',
    (function* () {
      yield 'sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId';
      for (let i = 0; i < teachers; i++) yield `rt${i},,,t${i},primary,teacher,,,s1,`;
      for (let i = 0; i < students; i++) yield `rs${i},,,st${i},primary,student,,,s1,`;
      for (let i = 0; i < guardians; i++) yield `rg${i},,,g${i},primary,guardian,,,s1,`;
    })(),
  );
  await zip.file(
    'enrollments.csv',
    (function* () {
      yield 'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate';
      for (let g = 0; g < groups; g++)
        for (const [k, s] of SUBJECTS.entries())
          yield `et-${g}-${s},,,k-${g}-${s},s1,t${(g * SUBJECTS.length + k) % teachers},teacher,true,,`;
      for (let i = 0; i < students; i++)
        for (const s of SUBJECTS) yield `es-${i}-${s},,,k-${Math.floor(i / 25)}-${s},s1,st${i},student,false,,`;
    })(),
  );
  await zip.end();
  return { teachers, guardians, students, groups };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, HOST, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function peakMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/^VmHWM:\s+(\d+) kB/m)?.[1] ?? NaN) / 1024;
}

/** POST the zip as multipart, streamed from disk; answers the report and the seconds it took. */
async function upload(base, token, file, apply) {
  const boundary = `----bench${Date.now()}`;
  async function* body() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="apply"\r\n\r\n${apply}\r\n`);
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roster.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    );
    for await (const chunk of fs.createReadStream(file)) yield chunk;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const started = performance.now();
  const res = await fetch(`${base}/api/oneroster/imports`, {
    method: 'POST',
    duplex: 'half',
    body: ReadableStream.from(body()),
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const json = await res.json();
  if (!json.success) throw new Error(`import failed: ${res.status} ${json.message}`);
  return { seconds: (performance.now() - started) / 1000, report: json.data };
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-or-'));
  const name = `lms_bench_or_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const port = await freePort();
  const out = fs.openSync(path.join(tmp, 'server.log'), 'a');
  const child = spawn(process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
    cwd: repoRoot,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      DATABASE_URL: dbUrl,
      NODE_ENV: 'production',
      DEMO_SEED: 'true',
      LOG_LEVEL: 'warn',
      FILE_DIR: path.join(tmp, 'files'),
      PUBLIC_URL: `http://${HOST}:${port}`,
    },
  });
  const base = `http://${HOST}:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (i > 240) throw new Error(`the server did not start: see ${tmp}/server.log`);
      if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const login = await (
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.school', password: 'demo1234' }),
      })
    ).json();
    const zipFile = path.join(tmp, 'roster.zip');
    const t0 = performance.now();
    const made = await writeRoster(zipFile);
    log(
      `zip: ${USERS} users (${made.teachers} teachers, ${made.guardians} guardians, ${made.students} students in ${made.groups} groups), ` +
        `${(fs.statSync(zipFile).size / 1024 / 1024).toFixed(1)} MB, written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const preview = await upload(base, login.token, zipFile, false);
    log(`preview: ${preview.seconds.toFixed(1)} s, ${preview.report.problems.length} problems`);
    const applied = await upload(base, login.token, zipFile, true);
    if (!applied.report.applied) throw new Error(`not applied: ${JSON.stringify(applied.report.problems.slice(0, 3))}`);
    log(`apply: ${applied.seconds.toFixed(1)} s`, applied.report.counts.map((c) => `${c.object} +${c.created}`).join(', '));
    const again = await upload(base, login.token, zipFile, true);
    const changed = again.report.counts.filter((c) => c.created + c.changed + c.deactivated > 0);
    log(`same zip again: ${again.seconds.toFixed(1)} s, ${changed.length ? `CHANGED ${JSON.stringify(changed)}` : 'nothing changed'}`);
    log(`server peak memory (VmHWM): ${peakMb(child.pid).toFixed(0)} MB`);
    if (changed.length) process.exitCode = 1;
  } catch (err) {
    log(fs.readFileSync(path.join(tmp, 'server.log'), 'utf8').split('\n').slice(-15).join('\n'));
    throw err;
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
