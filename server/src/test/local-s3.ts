import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

export interface LocalS3 {
  /** The S3_* settings that point the server at this store (config.ts). */
  env: Record<string, string>;
  /** The folder s3rver keeps the objects in. */
  directory: string;
  stop(): Promise<void>;
}

/**
 * s3rver in a child process (s3-server.cjs) over a temp folder, on a free loopback port, with one bucket.
 * Its own process, so that what it holds in memory is never counted as the app's.
 */
export async function startS3Server(bucket = 'lms-files'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-s3-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 's3-server.cjs'), directory, bucket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve(JSON.parse(line).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return {
    directory,
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
