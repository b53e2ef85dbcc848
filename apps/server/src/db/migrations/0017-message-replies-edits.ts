import { type MigrationDb, notNull, timestamp, withId } from './helpers';

/**
 * Replies and edits of room messages (issue 20, point 4):
 *
 * - `messages.reply_to_id`: the message of the same room a message answers. Its quote is read
 *   with the reply, never copied into it, so an edit of the original shows and a deletion
 *   takes its words out of every reply.
 * - `messages.edited_at`: when its author last edited it.
 * - `chat_message_edits`: each text a message had before an edit, for moderators; the
 *   evidence of a complaint is a snapshot of its own and does not depend on it.
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);
  await db.schema
    .alterTable('messages')
    .addColumn('reply_to_id', 'integer', (c) => c.references('messages.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('messages').addColumn('edited_at', ts).execute();

  await withId(db, db.schema.createTable('chat_message_edits'))
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('text', 'text', notNull)
    .addColumn('written_at', ts, notNull)
    .addColumn('replaced_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('chat_message_edits_message')
    .on('chat_message_edits')
    .columns(['message_id', 'id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('chat_message_edits').execute();
  await db.schema.alterTable('messages').dropColumn('edited_at').execute();
  await db.schema.alterTable('messages').dropColumn('reply_to_id').execute();
}
