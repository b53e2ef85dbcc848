#!/usr/bin/env node
// `npm start`: builds the web app and the server when their sources are newer than the last
// builds, then runs the built server (plain JavaScript, stack traces mapped back to the
// TypeScript) with the environment as given. Signals reach the server, which shuts down
// gracefully.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ensureServerBuilt,
  SERVER_MAIN,
  SERVER_NODE_FLAGS,
} from '../apps/server/scripts/build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/purge-bootstrap.ts',
  'apps/web/precompress.ts',
  'packages/shared/src',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = existsSync(webIndex) ? statSync(webIndex).mtimeMs : 0;
const sourcesAt = Math.max(...webSources.map((p) => newestMtime(join(root, p))));
if (process.env.SKIP_WEB_BUILD !== '1' && sourcesAt > builtAt) {
  console.log(
    builtAt ? 'Web app sources changed; rebuilding…' : 'Building the web app (first start)…',
  );
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await ensureServerBuilt();

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
