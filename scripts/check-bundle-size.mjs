#!/usr/bin/env node
// The first-load budget of issue 11: the JavaScript and CSS the home page (`/en`, `/ru`, for a
// signed-out visitor) loads before its first paint, gzip-compressed, must stay within the
// budgets below. Reads the last web build (run `npm run build` first; `--build` does it here),
// prints a table and exits 1 when a budget is exceeded. Sizes, never timings: the same build
// gives the same answer on any machine.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { checkBudgets, entryKey, initialFiles } from './lib/initial-assets.mjs';

export const BUDGETS = { js: 150 * 1024, css: 25 * 1024 };
/** The home route: the router imports it at once on `/`, `/en` and `/ru`. */
export const HOME_ROUTE = 'src/pages/home/home-page.tsx';
/**
 * The texts painted with it, each namespace a chunk of its own: the shell's (SHELL_NAMESPACES in
 * apps/web/src/i18n/namespaces.ts) and the home route's (router.tsx), in Russian, the longer one.
 */
export const HOME_TEXTS = ['common', 'titles', 'shell', 'errors', 'home', 'auth', 'validation'].map(
  (ns) => `src/i18n/ru/${ns}.json`,
);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');

export function gzipSize(file) {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
}

/** The home route's chunk when it has one (the entry may hold the home page itself). */
const homeRoute = (manifest) => (manifest[HOME_ROUTE] ? [HOME_ROUTE] : []);

/** `{ files, rows }` of the last build in apps/web/dist. */
export function measureHomeBundle() {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const files = initialFiles(manifest, [entryKey(manifest), ...homeRoute(manifest), ...HOME_TEXTS]);
  return { files, rows: checkBudgets(files, gzipSize, BUDGETS) };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function main() {
  if (process.argv.includes('--build')) {
    // NODE_ENV=test (set by some callers) would make Vite bundle React's development build.
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: join(root, 'apps/web'),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  if (!existsSync(manifestPath)) {
    console.error(`no build manifest at ${manifestPath}: run \`npm run build\` first`);
    process.exit(1);
  }
  const { files, rows } = measureHomeBundle();
  if (process.argv.includes('--verbose'))
    for (const file of [...files.js, ...files.css])
      console.log(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
  console.log('home page, first paint   files   gzip        budget      result');
  for (const row of rows)
    console.log(
      `  ${row.kind.padEnd(22)} ${String(row.files).padStart(5)}   ${kb(row.bytes).padEnd(11)} ${kb(row.budget).padEnd(11)} ${row.ok ? 'PASS' : 'FAIL'}`,
    );
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
