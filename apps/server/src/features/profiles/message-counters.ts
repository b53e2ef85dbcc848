import { moscowMonthKey } from '@chat/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Statistics counters kept on the user row (and per Moscow month for the top list), bumped in
 * the same transaction that stores a message, so a profile never counts a million rows.
 * Messages are counted when written; deleting one later does not un-write it.
 */
export async function countPublicMessage(
  trx: Kysely<DB>,
  userId: number,
  createdAt: string,
): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ public_messages: eb('public_messages', '+', 1) }))
    .where('id', '=', userId)
    .execute();
  await trx
    .insertInto('user_month_messages')
    .values({ month: moscowMonthKey(new Date(createdAt)), user_id: userId, messages: 1 })
    .onConflict((oc) =>
      oc
        .columns(['month', 'user_id'])
        .doUpdateSet({ messages: sql<number>`user_month_messages.messages + 1` }),
    )
    .execute();
}
