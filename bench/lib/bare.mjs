import { fileURLToPath } from 'node:url';
import { ROOT } from './ours.mjs';
import { freePort } from './ports.mjs';
import { startServer, stop, waitHealthy } from './procs.mjs';

/**
 * The baseline of the page benches: bench/profiles/bare-server.mjs (a bare Fastify + Kysely
 * primary-key read through our own database module) on CPU 0, reading `table` by id.
 */
export async function startBare(databaseUrl, table) {
  const port = await freePort();
  const script = fileURLToPath(new URL('../profiles/bare-server.mjs', import.meta.url));
  const child = startServer('bare-kysely', process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    cpus: '0',
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, BARE_TABLE: table },
  });
  await waitHealthy(child, `http://127.0.0.1:${port}/healthz`, 60_000);
  return { child, port, stop: () => stop(child) };
}
