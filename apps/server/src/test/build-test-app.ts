import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { isLocalUrl, loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { createPostgresSchema, type TestDialect } from './databases';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database of the given dialect (in-memory SQLite, or a new
 * PostgreSQL schema), API only, silent. `env` adds or overrides configuration variables.
 */
export async function buildTestApp(
  dialect: TestDialect,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-test-'));
  const pgSchema = dialect === 'postgres' ? await createPostgresSchema() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: pgSchema ? pgSchema.url : 'sqlite::memory:',
    LOG_LEVEL: 'silent',
    // A test's sockets all come from 127.0.0.1 and many stay open (the hostile sweep keeps one
    // per world): the per-address cap is tested on its own (connection-caps.realtime.test.ts).
    REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0',
    // Cheap password hashes (lib/passwords.ts): the tests register and sign in thousands of
    // times. Only a local site may have them: a test of a public PUBLIC_URL keeps the real cost.
    ...(isLocalUrl(env.PUBLIC_URL ?? 'http://localhost') ? { PASSWORD_HASH_COST: '10' } : {}),
    ...env,
  });
  const database = openDatabase(config.databaseUrl);
  const app = await buildApp(config, { database, webDist: null, logger: false });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await pgSchema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
