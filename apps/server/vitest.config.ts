import { defineConfig } from 'vitest/config';

// Each test file builds its own app on its own database (in-memory SQLite, a fresh PostgreSQL
// schema, all of a run's dropped when it ends: src/test/global-setup.ts), so files run in
// parallel safely.
//
// A worker imports the server's modules once for all the files it runs (`isolate: false`):
// importing them again for every file was half of the run. What is per process (the live
// settings and permission table) is loaded again by each app a file builds. A file that
// replaces a module (`vi.mock`) needs its own module graph: it is named `*.isolated.test.ts`
// and runs in the `server-isolated` project (vitest.config.ts at the root).
export const SERVER_TESTS = {
  globalSetup: ['src/test/global-setup.ts'],
  testTimeout: 20_000,
  hookTimeout: 30_000,
  // What a test waits for with expect.poll (a listener's write after the answer, an event) can
  // take seconds on a loaded 2-core CI machine; vitest's default gives up after one.
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  test: {
    ...SERVER_TESTS,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.isolated.test.ts', '**/node_modules/**'],
    isolate: false,
  },
});
