import { sql } from 'kysely';
import type { MigrationDb } from './helpers';

/**
 * The quotes page (features/quotes) and the profile's "kept by others" count:
 *
 * - `quotes.author_id`, the kept message's author, copied when a quote is kept (an author never
 *   changes), so a profile's count is a range of one index instead of a join through every
 *   message of a prolific author (messages have no author index, and the chat's writes should
 *   not pay for one);
 * - `(message_id, created_at)`: the page groups quotes by message (how many keep it, when it
 *   was last kept) reading this index alone, and a message's deletion finds its quotes;
 * - `(user_id, created_at)`: one's own collection newest first (the primary key is by message);
 * - `(author_id, message_id)`: the profile's count of distinct messages.
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
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('quotes_author').execute();
  await db.schema.dropIndex('quotes_user_created').execute();
  await db.schema.dropIndex('quotes_message').execute();
  await db.schema.alterTable('quotes').dropColumn('author_id').execute();
}
