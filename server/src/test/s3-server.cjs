#!/usr/bin/env node
// A local S3-protocol store (s3rver) in its own process, for the S3 file-store test and `pnpm cluster`:
//   node server/src/test/s3-server.cjs <directory> <bucket> [port]
// Listens on 127.0.0.1 (port 0: any free one), creates the bucket, prints one line `{"port":N}` once ready,
// and stops on SIGTERM or SIGINT, or when its parent closes stdin (so it never outlives whoever started it).
// Credentials are s3rver's fixed pair: access key S3RVER, secret S3RVER.
const S3rver = require('s3rver');

const [directory, bucket, port = '0'] = process.argv.slice(2);
if (!directory || !bucket) {
  console.error('usage: s3-server.cjs <directory> <bucket> [port]');
  process.exit(2);
}

const server = new S3rver({ address: '127.0.0.1', port: Number(port), silent: true, directory, configureBuckets: [{ name: bucket }] });

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}

server.run().then(
  (address) => {
    process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
