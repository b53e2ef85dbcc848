import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { seedDemoGiftCatalogue } from '../../apps/server/src/db/seed/seed-gift-catalogue.ts';
import { ensureAdmin, seedDemo } from '../../apps/server/src/db/seed/seed.ts';
import { nowIso } from '../../apps/server/src/lib/clock.ts';

/**
 * Our server as main.ts starts it, plus routes that exist only in this bench process (the site
 * never registers them; `buildApp`'s `extraRoutes` puts them behind the same session, access and
 * error handling as the site's own):
 *
 * - `POST /bench/spend-one` (registered): the baseline, one bare conditional single-row UPDATE
 *   of the caller's balance, `balance = balance - 1 where id = ? and balance >= 1`, no ledger;
 * - `POST /bench/raw-balance` {balances: [{id, balance}]}: sets balances directly (before and after the
 *   baseline phase only; nothing else may touch balances outside the ledger);
 * - `POST /bench/fund` {ids, balance, bonus}: credits through LedgerService, as the test kit's
 *   `fund()` does;
 * - `POST /bench/audit` {ids}: the senders' wallets, the gifts stored per sender, the number of
 *   user_gifts rows and LedgerService.check().
 *
 * startOurs bundles it beside the server's own build (apps/server/dist/bench-purchases-server.js)
 * and runs that; with BENCH_FROM_SOURCES=1, `node --import tsx`. Listens on 127.0.0.1 only.
 */
const config = loadConfig();
const database = openDatabase(config.databaseUrl);
await migrateToLatest(database);
if (config.seedDemo) await seedDemo(database);
await seedDemoGiftCatalogue(database, nowIso());
await ensureAdmin(database, config.adminPassword);

const ids = (body) => (Array.isArray(body?.ids) ? body.ids.map(Number) : []);

async function benchRoutes(app) {
  const { db } = database;
  const { ledger } = app.deps.economy;

  app.post('/bench/spend-one', { config: { access: 'registered' } }, async (request, reply) => {
    const result = await db
      .updateTable('users')
      .set({ balance: sql`balance - 1` })
      .where('id', '=', request.auth.user.id)
      .where('balance', '>=', 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return reply.code(422).send({ message: 'empty' });
    return { data: { ok: true } };
  });

  app.post('/bench/raw-balance', async (request) => {
    for (const { id, balance } of request.body.balances) {
      await db
        .updateTable('users')
        .set({ balance: Number(balance) })
        .where('id', '=', Number(id))
        .execute();
    }
    return { data: { ok: true } };
  });

  app.post('/bench/fund', async (request) => {
    const { balance = 0, bonus = 0 } = request.body;
    for (const userId of ids(request.body)) {
      await ledger.run(async (tx) => {
        if (balance)
          await tx.credit({ userId, amount: balance, part: 'balance', reason: 'adjustment' });
        if (bonus) await tx.credit({ userId, amount: bonus, part: 'bonus', reason: 'adjustment' });
      });
    }
    return { data: { ok: true } };
  });

  app.post('/bench/audit', async (request) => {
    const senders = ids(request.body);
    const [wallets, gifts, all, mismatches] = await Promise.all([
      db
        .selectFrom('users')
        .select(['id', 'balance', 'bonus'])
        .where('id', 'in', senders)
        .execute(),
      db
        .selectFrom('user_gifts')
        .select(['sender_id', sql`coalesce(sum(price), 0)`.as('spent'), sql`count(*)`.as('n')])
        .where('sender_id', 'in', senders)
        .groupBy('sender_id')
        .execute(),
      db
        .selectFrom('user_gifts')
        .select(sql`count(*)`.as('n'))
        .executeTakeFirstOrThrow(),
      ledger.check(),
    ]);
    const bySender = new Map(gifts.map((g) => [Number(g.sender_id), g]));
    return {
      data: {
        senders: wallets.map((w) => ({
          id: Number(w.id),
          balance: Number(w.balance),
          bonus: Number(w.bonus),
          spent: Number(bySender.get(Number(w.id))?.spent ?? 0),
          gifts: Number(bySender.get(Number(w.id))?.n ?? 0),
        })),
        userGifts: Number(all.n),
        mismatches,
      },
    };
  });
}

const app = await buildApp(config, { database, webDist: null, extraRoutes: benchRoutes });
await app.listen({ port: config.port, host: '127.0.0.1', backlog: 4096 });
const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => void shutdown());
// Never outlive a crashed bench for long.
setTimeout(() => process.exit(0), 30 * 60_000).unref();
