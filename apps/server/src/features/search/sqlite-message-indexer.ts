import { MESSAGE_TYPE } from '@chat/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { onNativeSqlite } from '../../db/sqlite-native';

/** How often the batch runs: the lag of a new chat message in SQLite's search (docs/search.md). */
export const MESSAGE_INDEX_INTERVAL_MS = 1000;
/** Messages per statement; a backlog (the first start over old history) goes on in turns. */
const CHUNK = 2000;
/** One turn's time on the event loop before the backlog waits for the next turn. */
const TURN_BUDGET_MS = 20;
const CURSOR = 'messages';
const TYPES = `${MESSAGE_TYPE.message}, ${MESSAGE_TYPE.action}`;

/**
 * Keeps SQLite's `search_messages` (0021-search.ts) after the chat: the chat's insert is the
 * hottest write of the site (features/chat/message-insert.ts), so it writes no index; a batch
 * every second indexes the messages after a stored cursor, and an edit re-indexes its message.
 * Deleted and hidden messages stay in the index and are left out by the search's SQL. Runs on
 * the raw connection, synchronously (nested in a group commit's open transaction as a
 * savepoint, so a rolled back message takes its index row and the cursor with it).
 */
export class SqliteMessageIndexer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.catchUp(), MESSAGE_INDEX_INTERVAL_MS);
    this.timer.unref();
    void this.catchUp();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Indexes every message stored so far (one run at a time). */
  catchUp(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** A message's new text (`chat.message.updated`), once the batch has passed it. */
  async reindex(messageId: number): Promise<void> {
    await onNativeSqlite(this.db, ({ sqlite, prepare }) =>
      sqlite.transaction(() => {
        const cursor = readCursor(prepare);
        if (messageId > cursor) return;
        prepare('delete from search_messages where rowid = ?').run(messageId);
        prepare(
          `insert into search_messages(rowid, words) select id, search_words(text) from messages
           where id = ? and type_id in (${TYPES})`,
        ).run(messageId);
      })(),
    );
  }

  private async run(): Promise<void> {
    try {
      let more = true;
      while (more) {
        more = await onNativeSqlite(this.db, ({ sqlite, prepare }) => {
          const started = performance.now();
          let full = true;
          while (full && performance.now() - started < TURN_BUDGET_MS) {
            full = sqlite.transaction(() => indexChunk(prepare))();
          }
          return full;
        });
        if (more) await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      this.log.error({ err: error }, 'search: indexing chat messages failed');
    }
  }
}

type Prepare = Parameters<Parameters<typeof onNativeSqlite>[1]>[0]['prepare'];

function readCursor(prepare: Prepare): number {
  const row = prepare('select last_id from search_cursors where name = ?').get(CURSOR) as
    { last_id: number } | undefined;
  return row?.last_id ?? 0;
}

/** Indexes the next chunk after the cursor; true when it was full (more may wait). */
function indexChunk(prepare: Prepare): boolean {
  const from = readCursor(prepare);
  const upTo = prepare(
    'select max(id) as id, count(*) as n from (select id from messages where id > ? order by id limit ?)',
  ).get(from, CHUNK) as { id: number | null; n: number };
  if (upTo.id === null) return false;
  prepare(
    `insert into search_messages(rowid, words) select id, search_words(text) from messages
     where id > ? and id <= ? and type_id in (${TYPES})`,
  ).run(from, upTo.id);
  prepare(
    `insert into search_cursors(name, last_id) values (?, ?)
     on conflict(name) do update set last_id = excluded.last_id`,
  ).run(CURSOR, upTo.id);
  return upTo.n === CHUNK;
}
