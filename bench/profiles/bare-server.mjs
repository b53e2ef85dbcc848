import Fastify from 'fastify';
import { openDatabase } from '../../apps/server/src/db/database.ts';

/**
 * The baseline for the profiles benchmark: a bare indexed primary-key lookup through the same
 * stack as ours — Fastify, Kysely, and our own database module (same driver, pragmas, prepared
 * statement cache, pool size) on the same SQLite file or PostgreSQL schema — with one route,
 * `GET /bare/:id`, answering `select * from users where id = ?` as JSON. No session, no
 * validation, no presenter. Run with `node --import tsx` (the database module is TypeScript).
 * BARE_TABLE picks another table to read by id (the forum bench reads `forum_posts`, the art
 * bench `art_posts`).
 */
const TABLES = ['users', 'forum_posts', 'art_posts'];
const table = process.env.BARE_TABLE ?? 'users';
if (!TABLES.includes(table)) throw new Error(`BARE_TABLE must be one of ${TABLES.join(', ')}`);
const port = Number(process.env.PORT);
const database = openDatabase(process.env.DATABASE_URL);
const app = Fastify({ logger: false });
app.get('/healthz', async () => 'ok');
app.get('/bare/:id', async (request, reply) => {
  const row = await database.db
    .selectFrom(table)
    .selectAll()
    .where('id', '=', Number(request.params.id))
    .executeTakeFirst();
  if (!row) return reply.code(404).send({ message: 'not found' });
  return { data: row };
});
app.addHook('onClose', () => database.close());
await app.listen({ port, host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => void app.close());
// Never outlive a crashed bench for long.
setTimeout(() => process.exit(0), 30 * 60_000).unref();
