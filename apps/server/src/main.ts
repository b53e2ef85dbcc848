import { createServer } from 'node:http';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ensureAdmin, seedDemo } from './db/seed/seed';
import { artContentTools } from './features/art/art-seed-tools';
import { FORUM_CONTENT_TOOLS } from './features/content/content-tools';
import { createStorage } from './lib/storage/create-storage';
import { announceBuild } from './features/ops/build-announcer';
import { startMemoryTrimming } from './lib/memory-trim';
import { usePasswordHashCost } from './lib/passwords';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Before the seed, whose accounts (the admin's) get hashes too.
  usePasswordHashCost(config.passwordHashCost);
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  if (
    config.seedDemo &&
    (await seedDemo(database, FORUM_CONTENT_TOOLS, artContentTools(createStorage(config))))
  )
    console.log('Demo content added.');
  const adminPassword = await ensureAdmin(database, config.adminPassword);
  if (adminPassword) {
    // Printed once, on the start that created the account; it is not stored anywhere in clear.
    console.log(`\n  Admin account created: nick "admin", password "${adminPassword}"\n`);
  }

  // WEB_DIST serves another build of the web app (a developer's own, beside a running one).
  const app = await buildApp(config, { database, webDist: process.env.WEB_DIST || undefined });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // A deep backlog: after a restart every open tab reconnects at once (the kernel caps it at somaxconn).
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  if (config.wsPort) {
    // A WebSocket-only port for sites that keep sockets apart (the spec's 6002).
    const wsServer = createServer((_req, res) => res.writeHead(404).end());
    wsServer.on('upgrade', (request, socket, head) => {
      if (!app.deps.realtime.handleUpgrade(request, socket, head)) socket.destroy();
    });
    wsServer.listen(config.wsPort, config.host);
    app.addHook('onClose', async () => void wsServer.close());
  }
  await announceBuild(database.db, app.deps.events, app.deps.buildKey);
  startMemoryTrimming();
  app.log.info(`Chat site is up at ${config.publicUrl} (database: ${database.dialect})`);
  console.log(`\n  Serving ${config.publicUrl}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
