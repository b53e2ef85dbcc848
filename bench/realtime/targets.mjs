/**
 * The three servers under test: how to start each one and how to publish to it. Each runs in
 * its own process, started fresh for its turn.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postJson } from '../lib/http.mjs';
import { nodeArgsFor } from '../lib/ours.mjs';
import { onExit, startServer, waitHealthy } from '../lib/procs.mjs';
import { signedPath } from '../lib/pusher-sign.mjs';

export const PUSHER = { appId: 'bench', key: 'benchkey123456', secret: 'benchsecret1234567890' };

/** Only what a Node process needs: nothing from the caller's environment (e.g. a REDIS_URL) leaks in. */
function baseEnv() {
  const env = {};
  for (const name of ['PATH', 'HOME', 'LANG', 'TMPDIR'])
    if (process.env[name]) env[name] = process.env[name];
  return env;
}

async function check(response, what) {
  if (response.status !== 200)
    throw new Error(`${what} answered ${response.status}: ${response.body.slice(0, 200)}`);
}

/** Our server, exactly as production starts it (the build), with a fresh data directory. */
const ours = {
  name: 'ours',
  label: 'ours',
  /** Its malloc trimmer first checks 10 s after start (lib/memory-trim.ts; idle-memory.mjs). */
  settleAfterStartMs: 10_500,
  async start(port, { root, cpus, diagnostics, inspect = false }) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-realtime-'));
    const cleanup = onExit(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      ...baseEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'bench-password-1',
      PUSHER_APP_ID: PUSHER.appId,
      PUSHER_KEY: PUSHER.key,
      PUSHER_SECRET: PUSHER.secret,
      // Thousands of sockets from one address: the per-address cap would refuse them.
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0',
      REALTIME_MAX_SOCKETS_PER_ACCOUNT: '0',
    };
    // Only when investigating (--cpu-prof, --trace-gc); otherwise the command is production's,
    // plus the inspector the idle-memory measure asks for a full GC (nothing in the server's code).
    const flags = [];
    if (diagnostics?.cpuProf) flags.push('--cpu-prof', `--cpu-prof-dir=${diagnostics.dir}`);
    if (diagnostics?.traceGc) flags.push('--trace-gc');
    // The V8 inspector, for a full GC or a heap snapshot asked from outside (inspector.mjs).
    if (inspect) flags.push('--inspect=127.0.0.1:0');
    const logFile = diagnostics ? join(diagnostics.dir, `ours-${Date.now()}.log`) : undefined;
    const child = startServer('ours', process.execPath, [...flags, ...(await nodeArgsFor())], {
      env,
      cwd: root,
      cpus,
      logFile,
    });
    await waitHealthy(child, `http://127.0.0.1:${port}/healthz`, 60_000);
    return { child, cleanup };
  },
  client: (port) => ({
    protocol: 'pusher',
    url: `ws://127.0.0.1:${port}/app/${PUSHER.key}?protocol=7`,
  }),
  /** Pusher's HTTP API, signed: one event per request, or a batch of up to 10. */
  async publish(port, datas) {
    const body =
      datas.length === 1
        ? JSON.stringify({ name: 'E', channels: ['common'], data: datas[0] })
        : JSON.stringify({ batch: datas.map((data) => ({ name: 'E', channel: 'common', data })) });
    const path = `/apps/${PUSHER.appId}/${datas.length === 1 ? 'events' : 'batch_events'}`;
    await check(await postJson(port, signedPath(PUSHER, 'POST', path, body), body), path);
  },
};

/** A reference server from bench/servers, published to with POST /publish {"data": [...]}. */
function reference(name, label, file, client, extraEnv = {}) {
  return {
    name,
    label,
    async start(port, { root, cpus, backlog, inspect = false }) {
      const env = { ...baseEnv(), ...extraEnv, PORT: String(port), HOST: '127.0.0.1' };
      if (backlog) env.BACKLOG = String(backlog);
      const flags = inspect ? ['--inspect=127.0.0.1:0'] : [];
      const child = startServer(
        name,
        process.execPath,
        [...flags, join(root, 'bench/servers', file)],
        {
          env,
          cwd: root,
          cpus,
        },
      );
      await waitHealthy(child, `http://127.0.0.1:${port}/healthz`);
      return { child, cleanup: () => {} };
    },
    client,
    async publish(port, datas) {
      await check(await postJson(port, '/publish', { data: datas }), `${name} /publish`);
    },
  };
}

const pusherClient = (port) => ({
  protocol: 'pusher',
  url: `ws://127.0.0.1:${port}/app/${PUSHER.key}?protocol=7`,
});

export const TARGETS = {
  ws: reference('ws', 'bare ws', 'bare-ws.mjs', pusherClient),
  // Load clients: socket.io-client by default; `--sio-client=raw` speaks its packets over raw ws.
  socketio: reference('socketio', 'Socket.IO', 'socketio.mjs', (port, { sioClient }) =>
    sioClient === 'raw'
      ? {
          protocol: 'socketio-raw',
          url: `ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`,
        }
      : { protocol: 'socketio', url: `http://127.0.0.1:${port}` },
  ),
  ours,
  // Experiments (not run by default; --only=ws,ws-frame-once,ws-batched): what framing once and
  // joining a batch into one write are worth on their own.
  'ws-frame-once': reference('ws-frame-once', 'ws, framed once', 'bare-ws.mjs', pusherClient, {
    MODE: 'frame-once',
  }),
  // The write-syscall floor: one write of the same prepared frame per message per socket.
  floor: reference('floor', 'write floor', 'bare-ws.mjs', pusherClient, { MODE: 'floor' }),
  'ws-batched': reference('ws-batched', 'ws, framed once + batched', 'bare-ws.mjs', pusherClient, {
    MODE: 'batched',
  }),
};
