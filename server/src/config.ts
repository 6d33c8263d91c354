import path from 'node:path';

/** Every setting the server reads from the environment, read in this one place. */
export interface Config {
  port: number;
  /** Interface to listen on; all interfaces when unset (as a container needs). */
  host?: string;
  nodeEnv: string;
  /** PostgreSQL connection string; when absent the server runs an embedded PostgreSQL in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Seconds between runs of the background mail sender (0: it runs only when a request queues mail). */
  mailSendSeconds: number;
  /** Base address used in links sent by mail. */
  publicUrl: string;
  /** Seed the demo school into an empty database. */
  demoSeed: boolean;
  registrationOpen: boolean;
  logLevel: string;
  /** Serve the bundled GraphQL explorer (GraphiQL) on GET /graphql to browsers. */
  graphqlExplorer: boolean;
  /**
   * Run GraphQL queries as compiled functions (graphql-jit, app/compiled-execution.ts) instead of graphql-js
   * (GRAPHQL_COMPILED=true). Off by default: measured on the bench's pages it saved no server CPU (bench/README.md).
   */
  graphqlCompiled: boolean;
  /**
   * Answer a query or mutation Apollo has already validated once by its compiled function, without Apollo's
   * request pipeline (app/known-queries.ts; GRAPHQL_KNOWN_QUERIES=false turns it off).
   */
  graphqlKnownQueries: boolean;
  /** Folder holding the built web client, served from the same port. */
  webDist: string;
  /** Where uploaded files are kept when no S3-compatible store is configured. */
  fileDir: string;
  /** S3-compatible file store; set when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY all are. */
  s3?: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string; forcePathStyle: boolean };
  /** Seconds between sweeps that remove files no row references any more (0: no sweeps in this instance). */
  fileCleanupSeconds: number;
  housekeepingSeconds: number;
  /** Milliseconds between overdue sweeps that auto-submit work past its due date (0: no sweeps in this instance). */
  overdueSweepIntervalMs: number;
  /** Seconds between runs of the due-soon notices and the daily digest (0: not in this instance). */
  notificationJobSeconds: number;
  sessionHours: number;
  rememberDays: number;
  /** Requests one application may make a minute with its access tokens (APP_RATE_LIMIT_PER_MINUTE). */
  appRateLimitPerMinute: number;
  /** Milliseconds a request waits for a database connection from the pool (or for a new one to open). */
  dbAcquireTimeoutMs: number;
  /** Milliseconds one SQL statement may run before PostgreSQL cancels it (0: no limit). */
  dbStatementTimeoutMs: number;
  /** Milliseconds before a request that has not answered gets a 503 and its work is abandoned (0: no limit). */
  requestTimeoutMs: number;
  /** Milliseconds /healthz waits for the database before it answers 503. */
  healthTimeoutMs: number;
  /** Names this instance in the `X-Instance` header of every answer (INSTANCE_ID, else the process id). */
  instanceId: string;
  /** First SuperAdmin of a production install (no demo school): created when the database has no users. */
  initialAdmin?: { email: string; password: string };
}

const repoRoot = path.resolve(__dirname, '..', '..');

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const port = Number(env.PORT ?? 4000);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data'));
  return {
    port,
    host: env.HOST || undefined,
    nodeEnv,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'School LMS <no-reply@demo.school>',
    mailSendSeconds: Number(env.MAIL_SEND_SECONDS ?? 10),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    demoSeed: flag(env.DEMO_SEED) ?? nodeEnv !== 'production',
    registrationOpen: flag(env.REGISTRATION_OPEN) ?? false,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    graphqlExplorer: flag(env.GRAPHQL_EXPLORER) ?? true,
    graphqlCompiled: flag(env.GRAPHQL_COMPILED) ?? false,
    graphqlKnownQueries: flag(env.GRAPHQL_KNOWN_QUERIES) ?? true,
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'web', 'dist')),
    fileDir: path.resolve(env.FILE_DIR ?? path.join(dataDir, 'files')),
    s3:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY && env.S3_SECRET_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY,
            secretAccessKey: env.S3_SECRET_KEY,
            region: env.S3_REGION ?? 'us-east-1',
            forcePathStyle: flag(env.S3_FORCE_PATH_STYLE) ?? true,
          }
        : undefined,
    fileCleanupSeconds: Number(env.FILE_CLEANUP_SECONDS ?? 300),
    housekeepingSeconds: Number(env.HOUSEKEEPING_SECONDS ?? 3600),
    overdueSweepIntervalMs: Number(env.OVERDUE_SWEEP_INTERVAL_MS ?? 60_000),
    notificationJobSeconds: Number(env.NOTIFICATION_JOB_SECONDS ?? 300),
    sessionHours: Number(env.SESSION_HOURS ?? 12),
    rememberDays: Number(env.REMEMBER_DAYS ?? 30),
    appRateLimitPerMinute: Number(env.APP_RATE_LIMIT_PER_MINUTE ?? 600),
    dbAcquireTimeoutMs: Number(env.DB_ACQUIRE_TIMEOUT_MS ?? 5_000),
    dbStatementTimeoutMs: Number(env.DB_STATEMENT_TIMEOUT_MS ?? 15_000),
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 30_000),
    healthTimeoutMs: Number(env.HEALTH_TIMEOUT_MS ?? 1_000),
    instanceId: env.INSTANCE_ID || String(process.pid),
    initialAdmin:
      env.INITIAL_ADMIN_EMAIL && env.INITIAL_ADMIN_PASSWORD
        ? { email: env.INITIAL_ADMIN_EMAIL, password: env.INITIAL_ADMIN_PASSWORD }
        : undefined,
  };
}
