import type { Transaction } from 'kysely';
import type { DB } from '../schema';
import type { Database } from '../database';

/**
 * Runs `insert` once per site, behind its own marker in site_settings: a site seeded before this
 * content existed gets it on its next start. `insert` must skip rows already there, and the
 * marker is written the same way, so two nodes starting together do not clash. False when the
 * marker was already there.
 */
export async function seedOnce(
  { db }: Database,
  key: string,
  at: string,
  insert: (trx: Transaction<DB>) => Promise<void>,
): Promise<boolean> {
  const done = await db
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  if (done) return false;
  await db.transaction().execute(async (trx) => {
    await insert(trx);
    await trx
      .insertInto('site_settings')
      .values({ key, value: at })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  });
  return true;
}
