import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const DATABASE_SOURCE = join(SERVER_DIR, 'src/db/database.ts');
const MAIN_SOURCE = join(SERVER_DIR, 'src/main.ts');

/** The 1-based line of the first source line containing `text`. */
function lineOf(file: string, text: string): number {
  const index = readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text));
  expect(index, `${text} in ${file}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

// The production build (scripts/build.mjs, what `npm start` runs) is bundled JavaScript; its
// stack traces must still name the TypeScript files and lines.
describe('production build', () => {
  let outdir: string;
  let dataDir: string;

  beforeAll(() => {
    // Inside the repo: the build imports its npm packages from node_modules above it.
    mkdirSync(join(SERVER_DIR, 'dist'), { recursive: true });
    outdir = mkdtempSync(join(SERVER_DIR, 'dist', 'test-'));
    dataDir = mkdtempSync(join(tmpdir(), 'chat-build-data-'));
    execFileSync(process.execPath, [join(SERVER_DIR, 'scripts/build.mjs'), '--outdir', outdir], {
      stdio: 'pipe',
    });
  }, 60_000);

  afterAll(() => {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('maps a start-up failure back to the TypeScript source lines', () => {
    // A database file under /dev/null cannot be created: main() fails inside openSqlite.
    const run = spawnSync(process.execPath, ['--enable-source-maps', join(outdir, 'main.js')], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: 'sqlite:/dev/null/nowhere/chat.sqlite',
        PORT: '1',
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    const failing = lineOf(DATABASE_SOURCE, 'mkdirSync(dirname(file)');
    expect(run.stderr).toContain(`at openSqlite (${DATABASE_SOURCE}:${failing}:`);
    const calling = lineOf(MAIN_SOURCE, 'openDatabase(config.databaseUrl)');
    expect(run.stderr).toContain(`at main (${MAIN_SOURCE}:${calling}:`);
    expect(run.stderr).not.toContain('main.js:');
  });
});
