import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export class QuotesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async add(userId: number, messageId: number, at: string): Promise<void> {
    await this.db
      .insertInto('quotes')
      .values({ user_id: userId, message_id: messageId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'message_id']).doNothing())
      .execute();
  }

  async remove(userId: number, messageId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('quotes')
      .where('user_id', '=', userId)
      .where('message_id', '=', messageId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async messageIdsOf(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('quotes')
      .select('message_id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(1000)
      .execute();
    return rows.map((r) => r.message_id);
  }
}
