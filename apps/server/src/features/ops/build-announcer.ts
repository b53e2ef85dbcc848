import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';

const KEY = 'build_key';
/** Tabs that lost their socket to the restart are back by then and hear the news too. */
const REPEAT_AFTER_MS = 15_000;

/**
 * On start, compares the running build with the last one the site served; when it is new, tells
 * every open tab (UpdateRequired on `common`). With several nodes only the first to start a
 * build announces it.
 */
export async function announceBuild(
  db: Kysely<DB>,
  events: DomainEvents,
  buildKey: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', KEY)
    .executeTakeFirst();
  if (row?.value === buildKey) return false;
  if (row)
    await db.updateTable('site_settings').set({ value: buildKey }).where('key', '=', KEY).execute();
  else await db.insertInto('site_settings').values({ key: KEY, value: buildKey }).execute();
  if (!row) return false; // the very first start: nobody has an older build open
  events.emit('build.started', { buildKey });
  setTimeout(() => events.emit('build.started', { buildKey }), REPEAT_AFTER_MS).unref();
  return true;
}
