#!/usr/bin/env node
// Builds the server once for production: our TypeScript (apps/server/src and @chat/shared) is
// bundled by esbuild into apps/server/dist/main.js with a source map; every npm package stays
// external and is loaded from node_modules at run time (native addons, pino's transport
// threads and tfjs's WASM files must keep their own paths). The output sits flat in dist/, one
// level under apps/server as the sources are, so paths computed from import.meta.url (the
// assets folder, the web build, the classifier worker) come out the same.
//
//   node apps/server/scripts/build.mjs                 build
//   node apps/server/scripts/build.mjs --if-stale      build only when a source is newer than dist
//   node apps/server/scripts/build.mjs --outdir <dir>  build elsewhere in the repo (a test's copy)
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, utimesSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = resolve(SERVER_DIR, '../..');
export const SERVER_DIST = join(SERVER_DIR, 'dist');
/** What production runs, with SERVER_NODE_FLAGS. */
export const SERVER_MAIN = join(SERVER_DIST, 'main.js');
/**
 * Node's flags in production (`npm start`, the benches): stack traces mapped to the TypeScript,
 * and the young generation's size said (16 MB semi-spaces: fewer scavenges under many requests
 * at once; docs/adr/0008-a-16-mb-young-generation.md).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=16'];

/** Output name (without .js) to source; the worker is its own file, loaded by a worker thread. */
export const SERVER_ENTRIES = {
  main: join(SERVER_DIR, 'src/main.ts'),
  'classifier.worker': join(SERVER_DIR, 'src/features/uploads/adult/classifier.worker.ts'),
};

/** Everything the build reads: a change to any of these makes it stale. */
const INPUTS = [
  join(SERVER_DIR, 'src'),
  join(SERVER_DIR, 'package.json'),
  join(ROOT, 'packages/shared/src'),
  join(ROOT, 'packages/shared/package.json'),
  fileURLToPath(import.meta.url),
];

/** Bare imports stay imports, except our own workspace packages, which are TypeScript sources. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('@chat/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A directory's own mtime moves when a file in it is added, renamed or deleted.
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether an entry's output is missing or older than a source (or than the entry itself). */
export function serverBuildIsStale({ outdir = SERVER_DIST, entries = SERVER_ENTRIES } = {}) {
  let builtAt = Infinity;
  for (const name of Object.keys(entries)) {
    const file = join(outdir, `${name}.js`);
    builtAt = Math.min(builtAt, existsSync(file) ? statSync(file).mtimeMs : 0);
  }
  const inputs = [...INPUTS, ...Object.values(entries)];
  return Math.max(...inputs.map(newestMtime)) > builtAt;
}

/**
 * Bundles `entries` into `outdir`. Other processes may be starting the server from the same
 * folder meanwhile (benches, test runs), so each file is written aside and renamed into place:
 * a reader sees the whole old file or the whole new one. Entry files are stamped with the time
 * the build started, so a source saved during the build still counts as newer.
 */
export async function buildServer({ outdir = SERVER_DIST, entries = SERVER_ENTRIES } = {}) {
  const startedAt = new Date();
  const result = await build({
    entryPoints: entries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Stack traces need lines, not the text; the sources are beside the build anyway.
    sourcesContent: false,
    // Bundling renames clashing functions and classes; their names show in logs and errors.
    keepNames: true,
    write: false,
    logLevel: 'warning',
    plugins: [packagesStayExternal],
  });
  mkdirSync(outdir, { recursive: true });
  const entryFiles = new Set(Object.keys(entries).map((name) => join(outdir, `${name}.js`)));
  // Source maps and non-entry files first, the entries (the staleness stamps) last.
  const files = [...result.outputFiles].sort(
    (a, b) => Number(entryFiles.has(a.path)) - Number(entryFiles.has(b.path)),
  );
  for (const file of files) {
    const aside = `${file.path}.${process.pid}.tmp`;
    await writeFile(aside, file.contents);
    renameSync(aside, file.path);
  }
  for (const file of entryFiles) utimesSync(file, startedAt, startedAt);
  return files.map((file) => relative(ROOT, file.path));
}

/** Builds when stale; returns whether it built. `log` announces a build (it takes a second). */
export async function ensureServerBuilt({ log = console.log, ...options } = {}) {
  if (!serverBuildIsStale(options)) return false;
  log('Building the server (its sources are newer than the build)…');
  await buildServer(options);
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--outdir');
  const options = at >= 0 && args[at + 1] ? { outdir: resolve(args[at + 1]) } : {};
  if (args.includes('--if-stale')) {
    await ensureServerBuilt(options);
  } else {
    const started = performance.now();
    const files = await buildServer(options);
    console.log(`Built ${files.join(', ')} in ${Math.round(performance.now() - started)} ms`);
  }
}
