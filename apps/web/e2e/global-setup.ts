import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { SERVER_MAIN, SERVER_NODE_FLAGS } from '../../server/scripts/build.mjs';
import { coturnInstalled, startCoturn, type Coturn } from '../../server/scripts/coturn.mjs';
import { startTestProvider } from '../../server/src/test/oidc-test-provider';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One site per worker (worker-server.ts picks this worker's). */
    servers: E2eServer[];
    /** Whether the sites relay calls through a coturn of the run's own (TURN_URLS is set). */
    turn: boolean;
  }
}

export interface E2eServer {
  baseUrl: string;
  /** The server's Pusher app credentials, for journeys that publish through its HTTP API. */
  pusherApp: { appId: string; key: string; secret: string };
  /** The server's data folder (the log-only SMS sender writes sms.log there). */
  dataDir: string;
}

const WEB_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const REPO_ROOT = resolve(WEB_DIR, '../..');
export const ADMIN_PASSWORD = 'admin-password-123';

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/**
 * Builds the web app and the server (the latter only when stale: esbuild takes a second), then
 * starts one site per worker.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: WEB_DIR,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  execFileSync(process.execPath, ['apps/server/scripts/build.mjs', '--if-stale'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  // Journeys change the site itself (settings, the agreement's version, the smileys): a worker
  // has a site of its own, so files running at once never see each other's changes.
  const count = Math.max(1, project.config.maxWorkers);
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  // A real OpenID Connect provider (oidc-provider) every site signs in with as "Test ID".
  const provider = await startTestProvider(
    ports.map((port) => `http://127.0.0.1:${port}/api/auth/social/test/callback`),
  );
  // A TURN relay every site hands out credentials for; the video journeys force calls through
  // it. CI installs coturn (.ci/run); a machine without it runs the calls direct only.
  let coturn: Coturn | undefined;
  if (coturnInstalled()) coturn = await startCoturn();
  else if (process.env.CI) throw new Error('coturn is not installed (.ci/run installs it)');
  const started = await Promise.allSettled(
    ports.map((port) => startServer(port, { ...provider.env('test', 'Test ID'), ...coturn?.env })),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    await provider.close();
    await coturn?.close();
    throw failed.reason;
  }
  project.provide(
    'servers',
    servers.map((s) => s.server),
  );
  project.provide('turn', coturn !== undefined);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await provider.close();
    await coturn?.close();
  };
}

/** The built server, as `npm start` runs it, on a fresh data dir and a free port. */
async function startServer(
  port: number,
  extraEnv: Record<string, string>,
): Promise<{ server: E2eServer; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-e2e-'));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // Every journey registers users from one address; the production limit would trip.
      REGISTER_RATE_LIMIT: '10000',
      // Every journey's tabs connect from one address too.
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0',
      // Cheap password hashes: the journeys register and sign in hundreds of people (the
      // production cost is a tenth of a second of a core each).
      PASSWORD_HASH_COST: '10',
      // The browser's address: sign-in callbacks and mailed links come back to it.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as {
    pusherAppId: string;
    pusherKey: string;
    pusherSecret: string;
  };
  const server: E2eServer = {
    baseUrl,
    dataDir,
    pusherApp: { appId: secrets.pusherAppId, key: secrets.pusherKey, secret: secrets.pusherSecret },
  };
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, stop };
}
