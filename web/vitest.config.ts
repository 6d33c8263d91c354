import { defineConfig } from 'vitest/config';

/** Unit tests of the client's pure modules (formatters, merges, status rules); pages are tested in e2e/. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
