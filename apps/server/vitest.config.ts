import { defineConfig } from 'vitest/config';

// Each test file builds its own app on its own database (in-memory SQLite, a fresh PostgreSQL
// schema, all of a run's dropped when it ends: src/test/global-setup.ts), so files run in
// parallel safely.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
