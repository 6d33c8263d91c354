/**
 * Browser tests of the built app. globalSetup starts the real server (server/dist, serving web/dist) on a
 * fresh database and one chromium; the tests run one after another (--runInBand) against it.
 */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.e2e.test.ts'],
  // the route table (routes/index.js) is an ES module the sidebar and this suite import: compiled like the tests
  transform: { '^.+\\.ts$': swc, '/routes/index\\.js$': swc },
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  // the test wrapper (support/fixture.ts) stops a test itself a little earlier, to keep its screenshot
  testTimeout: 120_000,
  maxWorkers: 1,
  verbose: true,
};
