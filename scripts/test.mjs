#!/usr/bin/env node
// `npm test`: every check CI runs, in order, stopping at the first failing step: lint (with the
// import boundaries), import cycles, format, types, unit and integration tests (SQLite always;
// PostgreSQL and Redis when they answer, and required on CI), then the browser journeys. Ends
// with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(join(tmpdir(), 'chat-tests-'));
let passed = 0;
let failed = 0;

const timings = [];

function run(title, command, args) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  timings.push(`${title} ${Math.round((Date.now() - started) / 1000)} s`);
  return result.status === 0;
}

function vitest(title, projects, report) {
  const file = join(reports, report);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${file}`);
  const ok = run(title, 'npx', args);
  if (existsSync(file)) {
    const summary = JSON.parse(readFileSync(file, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
  } else if (!ok) {
    failed += 1;
  }
  return ok;
}

const steps = [
  () => run('lint', 'npx', ['eslint', '.']),
  () => run('import cycles', 'node', ['scripts/check-cycles.mjs']),
  () => run('format', 'npx', ['prettier', '--check', '.']),
  () => run('types', 'npm', ['run', 'typecheck']),
  () => run('bundle size', 'node', ['scripts/check-bundle-size.mjs', '--build']),
  () =>
    vitest(
      'unit and integration tests',
      ['shared', 'scripts', 'server', 'server-isolated', 'web'],
      'unit.json',
    ),
  () => (process.env.SKIP_E2E === '1' ? true : vitest('browser journeys', ['e2e'], 'e2e.json')),
];

let ok = true;
for (const step of steps) {
  if (!step()) {
    ok = false;
    break;
  }
}
console.log(`\nsteps: ${timings.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
