#!/usr/bin/env node
// `npm test`: every check CI runs, stopping at the first failing phase: the static checks at
// once (lint with the import boundaries, import cycles, format, types, the web build and its
// bundle size), then the unit and integration tests (SQLite always; PostgreSQL and Redis when
// they answer, and required on CI), then the browser journeys on the build the first phase made.
// Ends with one "N passed, N failed" line.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(join(tmpdir(), 'chat-tests-'));
let passed = 0;
let failed = 0;
const timings = [];

/**
 * Runs a command; `quiet` keeps its output until it ends, so that steps running side by side
 * print one after another instead of interleaved.
 */
function run(title, command, args, { quiet = false, env = {} } = {}) {
  const started = Date.now();
  if (!quiet) console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      timings.push(`${title} ${seconds} s`);
      if (quiet) {
        console.log(
          `\n=== ${title}: ${command} ${args.join(' ')} (${code === 0 ? 'ok' : 'FAILED'}, ${seconds} s)`,
        );
        if (output.trim() !== '') console.log(output.trimEnd());
      }
      resolve(code === 0);
    });
  });
}

/** Runs an npm script of vitest's (its projects named once, in package.json) with a report. */
async function vitest(title, script, report, env) {
  const file = join(reports, report);
  const args = ['run', script, '--', '--reporter=default', '--reporter=json'];
  args.push(`--outputFile.json=${file}`);
  const ok = await run(title, 'npm', args, { env });
  if (existsSync(file)) {
    const summary = JSON.parse(readFileSync(file, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
  } else if (!ok) {
    failed += 1;
  }
  return ok;
}

// Each is one process on one core: side by side they take the time of the longest (lint).
const staticChecks = () =>
  Promise.all([
    run('lint', 'npx', ['eslint', '.'], { quiet: true }),
    run('import cycles', 'node', ['scripts/check-cycles.mjs'], { quiet: true }),
    run('format', 'npx', ['prettier', '--check', '.'], { quiet: true }),
    run('types', 'npm', ['run', 'typecheck'], { quiet: true }),
    run('bundle size', 'node', ['scripts/check-bundle-size.mjs', '--build'], { quiet: true }),
  ]).then((results) => results.every(Boolean));

const phases = [
  staticChecks,
  () => vitest('unit and integration tests', 'test:unit', 'unit.json'),
  () =>
    process.env.SKIP_E2E === '1'
      ? true
      : vitest('browser journeys', 'test:e2e', 'e2e.json', {
          // The first phase built the web app.
          E2E_SKIP_BUILD: '1',
          // Screenshots are for a person to look at (a tenth of the journeys' time): not on CI.
          E2E_SHOTS: process.env.E2E_SHOTS ?? (process.env.CI === 'true' ? '0' : '1'),
        }),
];

let ok = true;
for (const phase of phases) {
  if (!(await phase())) {
    ok = false;
    break;
  }
}
console.log(`\nsteps: ${timings.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
