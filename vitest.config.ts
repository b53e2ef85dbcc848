import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SERVER_TESTS } from './apps/server/vitest.config';

// Two at once keep both cores busy: one journey leaves a third of the machine idle (waiting on
// the server, the network, the page).
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

// One runner for every tier: pure rules, server integration, web components, browser journeys.
export default defineConfig({
  test: {
    // Vitest leaves a core to itself (one worker on CI's two); the server's files mostly wait on
    // PostgreSQL and timers, so two at once finish the run sooner even there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/shared/vitest.config.ts',
      'apps/server/vitest.config.ts',
      {
        test: {
          ...SERVER_TESTS,
          name: 'server-isolated',
          root: 'apps/server',
          include: ['src/**/*.isolated.test.ts'],
        },
      },
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      // A worker imports the web app's modules and builds its jsdom page once for all the files it
      // runs (`isolate: false`): doing both again for every file was most of the run. What a file
      // leaves behind (the stores, the query cache, the language, timers, stubs) is reset after
      // each test by src/test/setup.ts. A file that replaces a module (`vi.mock`) needs its own
      // module graph: it is named `*.isolated.test.ts(x)` and runs in `web-isolated`.
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.isolated.test.{ts,tsx}', '**/node_modules/**'],
          environment: 'jsdom',
          isolate: false,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web-isolated',
          root: 'apps/web',
          include: ['src/**/*.isolated.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'apps/web',
          include: ['e2e/**/*.e2e.ts'],
          // A worker imports playwright and the kits once for all the files it runs: importing
          // them again for every file was 2-4 s of each file on a loaded CI. What a file leaves is
          // its browser (closed after it, browser.ts) and the site's changes (its worker's own).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Live updates under a loaded CI machine: vitest's default poll gives up after 1 s.
          expect: { poll: { timeout: 10_000 } },
          // Each worker has a site of its own (e2e/global-setup.ts): its files change settings,
          // the agreement and the catalogues without the other worker's journeys seeing it.
          maxWorkers: E2E_WORKERS,
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
    ],
  },
});
