#!/usr/bin/env node
// The floor: the best plain Node and PostgreSQL can do with the same data, measured beside the app (issue 15).
//
// A bare node:http server (no framework, no ORM, no GraphQL): `GET /<scenario-name>?<params>` with
// `Authorization: Bearer <token>` hashes the token (sha256 hex, as the app stores it), runs the scenario's ONE
// SQL statement (session check, authorization and the JSON document built in SQL) and answers its `body` as
// is: 200, or 401 when the statement answers no row or NULL (invalid session, or the viewer may not read it).
// `POST /quiz-submit` with the REST submit's JSON body writes the same rows as the app's submit (submission,
// answers, automatic grades, totals) in one statement, so one transaction with no app logic.
//
// Started by src/run.mjs as a child process: PORT, DATABASE_URL, FLOOR_POOL_MAX (the app's pool size).
// Floors come from ./platform.mjs and ./assessments.mjs, each exporting `floors` keyed by scenario name.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every floor module present in this folder, merged (a name defined twice is an error: two floors for one figure). */
export async function loadFloors() {
  const merged = {};
  for (const file of ['platform.mjs', 'assessments.mjs']) {
    const full = path.join(here, file);
    if (!fs.existsSync(full)) continue;
    const { floors } = await import(pathToFileURL(full).href);
    for (const [name, floor] of Object.entries(floors ?? {})) {
      if (merged[name]) throw new Error(`floor ${name} is defined twice (${file})`);
      merged[name] = floor;
    }
  }
  return merged;
}

const hashToken = (token) => crypto.createHash('sha256').update(token).digest('hex');

function answer(res, status, body) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The one statement's `body` column as text (json columns arrive parsed by pg; they are sent again as JSON). */
const bodyText = (row) =>
  row?.body === null || row?.body === undefined ? null : typeof row.body === 'string' ? row.body : JSON.stringify(row.body);

async function main() {
  const floors = await loadFloors();
  // as the app's connections are (server/src/db/data-source.ts): the same planner settings, JIT off
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.FLOOR_POOL_MAX) || 10,
    options: '-c jit=off',
  });
  pool.on('error', () => undefined);
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://floor');
      const name = url.pathname.slice(1);
      if (name === 'healthz') return answer(res, 200, { status: 'ok', floors: Object.keys(floors) });
      const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!token) return answer(res, 401, { error: 'no token' });
      const floor = floors[name];
      if (!floor) return answer(res, 404, { error: `no floor named ${name}` });
      let params;
      if (req.method === 'POST') params = floor.params(JSON.parse(await readBody(req)));
      else params = floor.params(url.searchParams);
      // a named prepared statement: parsed and planned once per connection, as the app's statements are
      // (server/src/db/prepared.ts); the floor is the best PostgreSQL can do, so it gets the same advantage
      const { rows } = await pool.query({ name: `floor_${name}`, text: floor.sql, values: [hashToken(token), ...params] });
      const text = bodyText(rows[0]);
      if (text === null) return answer(res, 401, { error: 'no session, or not allowed' });
      return answer(res, req.method === 'POST' ? 201 : 200, text);
    } catch (err) {
      return answer(res, 500, { error: err.message });
    }
  });
  server.keepAliveTimeout = 60_000;
  server.listen(Number(process.env.PORT), '127.0.0.1');
  const stop = () => server.close(() => pool.end().finally(() => process.exit(0)));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(`floor server: ${err.stack ?? err.message}`);
    process.exit(1);
  });
}
