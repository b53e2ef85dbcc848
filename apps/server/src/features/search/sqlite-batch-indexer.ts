import { MESSAGE_TYPE } from '@chat/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { onNativeSqlite } from '../../db/sqlite-native';

/** How often the batch runs: the lag of a new message or post in SQLite's search. */
export const BATCH_INDEX_INTERVAL_MS = 1000;
/** Rows per statement; a backlog (the first start over old history) goes on in turns. */
const CHUNK = 2000;
/** One turn's time on the event loop before the backlog waits for the next turn. */
const TURN_BUDGET_MS = 20;

/** A table whose new rows are indexed in batches after a cursor (`search_cursors.name`). */
interface BatchIndexed {
  cursor: string;
  table: string;
  fts: string;
  column: string;
  /** Which of the table's rows are searched at all (SQL over its columns). */
  only: string;
}

const MESSAGES: BatchIndexed = {
  cursor: 'messages',
  table: 'messages',
  fts: 'search_messages',
  column: 'text',
  only: `type_id in (${MESSAGE_TYPE.message}, ${MESSAGE_TYPE.action})`,
};
/** Edits and deletions of posts the batch has passed are kept by triggers (0023). */
const FORUM_POSTS: BatchIndexed = {
  cursor: 'forum_posts',
  table: 'forum_posts',
  fts: 'search_forum_posts',
  column: 'text',
  only: 'true',
};
export const BATCH_INDEXED = [MESSAGES, FORUM_POSTS] as const;

/**
 * Keeps SQLite's `search_messages` and `search_forum_posts` (0021-search.ts, 0023) after their
 * writes: a chat message and a forum post are the site's most frequent writes, and an FTS5 row
 * written in each one's own transaction is a small segment for FTS5 to merge again and again
 * (it cost a post a quarter of its rate). A batch every second indexes the rows after each
 * stored cursor in one transaction; an edited message is indexed again once the batch has
 * passed it (a post by its trigger). Deleted and hidden rows stay in the index and are left out
 * by the search's SQL. Runs on the raw connection, synchronously (nested in a group commit's
 * open transaction as a savepoint, so a rolled back row takes its index row and the cursor
 * with it).
 */
export class SqliteBatchIndexer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.catchUp(), BATCH_INDEX_INTERVAL_MS);
    this.timer.unref();
    void this.catchUp();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Indexes every row stored so far (one run at a time). */
  catchUp(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** A message's new text (`chat.message.updated`), once the batch has passed it. */
  async reindexMessage(messageId: number): Promise<void> {
    const { cursor, fts, table, column, only } = MESSAGES;
    await onNativeSqlite(this.db, ({ sqlite, prepare }) =>
      sqlite.transaction(() => {
        if (messageId > readCursor(prepare, cursor)) return;
        prepare(`delete from ${fts} where rowid = ?`).run(messageId);
        prepare(
          `insert into ${fts}(rowid, words) select id, search_words(${column}) from ${table}
           where id = ? and ${only}`,
        ).run(messageId);
      })(),
    );
  }

  private async run(): Promise<void> {
    for (const indexed of BATCH_INDEXED) {
      try {
        let more = true;
        while (more) {
          more = await onNativeSqlite(this.db, ({ sqlite, prepare }) => {
            const started = performance.now();
            let full = true;
            while (full && performance.now() - started < TURN_BUDGET_MS) {
              full = sqlite.transaction(() => indexChunk(prepare, indexed))();
            }
            return full;
          });
          if (more) await new Promise((resolve) => setImmediate(resolve));
        }
      } catch (error) {
        this.log.error({ err: error, table: indexed.table }, 'search: batch indexing failed');
      }
    }
  }
}

type Prepare = Parameters<Parameters<typeof onNativeSqlite>[1]>[0]['prepare'];

function readCursor(prepare: Prepare, name: string): number {
  const row = prepare('select last_id from search_cursors where name = ?').get(name) as
    { last_id: number } | undefined;
  return row?.last_id ?? 0;
}

/** Indexes the next chunk after the cursor; true when it was full (more may wait). */
function indexChunk(prepare: Prepare, { cursor, table, fts, column, only }: BatchIndexed): boolean {
  const from = readCursor(prepare, cursor);
  const upTo = prepare(
    `select max(id) as id, count(*) as n from (select id from ${table} where id > ? order by id limit ?)`,
  ).get(from, CHUNK) as { id: number | null; n: number };
  if (upTo.id === null) return false;
  prepare(
    `insert into ${fts}(rowid, words) select id, search_words(${column}) from ${table}
     where id > ? and id <= ? and ${only}`,
  ).run(from, upTo.id);
  prepare(
    `insert into search_cursors(name, last_id) values (?, ?)
     on conflict(name) do update set last_id = excluded.last_id`,
  ).run(cursor, upTo.id);
  return upTo.n === CHUNK;
}
