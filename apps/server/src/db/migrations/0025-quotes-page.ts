import { sql } from 'kysely';
import { timestamp, type MigrationDb } from './helpers';

/**
 * The quotes page (features/quotes) and the profile's "kept by others" count:
 *
 * - `quote_counts`: per kept message, how many keep it and when it was last kept, written with
 *   each keeping in its transaction. The page walks its `(quoted_count, message_id)` or
 *   `(quoted_at, message_id)` index from the top and stops once it has its 20 visible rows;
 *   grouping every quote per request cost a few hundred milliseconds at 100,000 quotes;
 * - `quotes.author_id`, the kept message's author, copied when a quote is kept (an author never
 *   changes), so a profile's count is a range of one index instead of a join through every
 *   message of a prolific author (messages have no author index, and the chat's writes should
 *   not pay for one);
 * - `quotes (message_id, created_at)`: one message's keepers (its count, its latest keeping,
 *   its quotes when it is deleted); `(user_id, created_at)`: one's own collection, newest first
 *   (the primary key is by message); `(author_id, message_id)`: the profile's count.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('quotes')
    .addColumn('author_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update quotes set author_id = coalesce((select messages.user_id from messages
    where messages.id = quotes.message_id), 0)`.execute(db);
  await db.schema
    .createIndex('quotes_message')
    .on('quotes')
    .columns(['message_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('quotes_user_created')
    .on('quotes')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('quotes_author')
    .on('quotes')
    .columns(['author_id', 'message_id'])
    .execute();

  await db.schema
    .createTable('quote_counts')
    .addColumn('message_id', 'integer', (c) =>
      c.primaryKey().references('messages.id').onDelete('cascade'),
    )
    .addColumn('quoted_count', 'integer', (c) => c.notNull())
    .addColumn('quoted_at', timestamp(db), (c) => c.notNull())
    .execute();
  await sql`insert into quote_counts (message_id, quoted_count, quoted_at)
    select message_id, count(*), max(created_at) from quotes group by message_id`.execute(db);
  await db.schema
    .createIndex('quote_counts_best')
    .on('quote_counts')
    .columns(['quoted_count', 'message_id'])
    .execute();
  await db.schema
    .createIndex('quote_counts_new')
    .on('quote_counts')
    .columns(['quoted_at', 'message_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('quote_counts').execute();
  await db.schema.dropIndex('quotes_author').execute();
  await db.schema.dropIndex('quotes_user_created').execute();
  await db.schema.dropIndex('quotes_message').execute();
  await db.schema.alterTable('quotes').dropColumn('author_id').execute();
}
