import { inject } from 'vitest';
import type { E2eServer } from './global-setup';

/**
 * The site this worker's journeys use: global-setup.ts starts one per worker, and a worker runs
 * one file at a time, so a journey sees only its own file's changes to the site.
 */
export function workerServer(): E2eServer {
  const servers = inject('servers');
  const pool = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(pool - 1) % servers.length];
  if (!server) throw new Error('no e2e server was started');
  return server;
}
