import { CompiledQuery, type Kysely } from 'kysely';
import type { DB, NotificationRow } from '../../db/schema';
import { TurnGroups } from '../../lib/turn-groups';

export type NewNotification = Omit<NotificationRow, 'id' | 'read_at'>;

/** A notification stored, and its user's unread count then. */
export interface StoredNotification {
  row: NotificationRow;
  unread: number;
}

interface Pending {
  values: NewNotification;
  resolve: (stored: StoredNotification) => void;
  reject: (error: unknown) => void;
}

/**
 * The notifications of a group in one statement: the columns come as arrays, unnested in the
 * order they were asked for (ids follow it), and each user's count goes up by theirs. Each row
 * comes back with its user's count after the whole group.
 */
const GROUP_INSERT = `with input as (
    select * from unnest(
      cast($1 as integer[]), cast($2 as varchar(32)[]), cast($3 as text[]),
      cast($4 as timestamptz[])
    ) with ordinality as i(user_id, kind, data, created_at, n)
  ), stored as (
    insert into notifications (user_id, kind, data, read_at, created_at)
    select user_id, kind, data, null, created_at from input order by n
    returning *
  ), counted as (
    insert into notification_counts (user_id, unread)
    select user_id, count(*) from input group by user_id
    on conflict (user_id) do update set unread = notification_counts.unread + excluded.unread
    returning user_id, unread
  )
  select stored.*, counted.unread as unread_now
  from stored join counted on counted.user_id = stored.user_id
  order by stored.id`;

/**
 * Group commit for notifications on PostgreSQL, as the chat's messages have (chat/
 * message-groups.postgres.ts): the notifications asked for during one event-loop turn are
 * stored by one statement, one round trip and one commit (a busy profile's gifts, a room's
 * mentions). A lone one takes `single`. When a group's statement fails, each of its
 * notifications is stored alone, so one bad row never sinks the others. One group is written
 * at a time; what comes meanwhile goes with the next (lib/turn-groups.ts).
 */
export class PostgresNotificationGroups {
  private readonly groups = new TurnGroups<Pending>((group) => this.write(group));

  constructor(
    private readonly db: Kysely<DB>,
    private readonly single: (values: NewNotification) => Promise<StoredNotification>,
  ) {}

  insert(values: NewNotification): Promise<StoredNotification> {
    return new Promise((resolve, reject) => this.groups.add({ values, resolve, reject }));
  }

  private async write(group: Pending[]): Promise<void> {
    if (group.length > 1) {
      let stored: StoredNotification[];
      try {
        stored = await this.writeGroup(group.map((p) => p.values));
      } catch {
        // The statement stored nothing: each on its own.
        for (const p of group) await this.single(p.values).then(p.resolve, p.reject);
        return;
      }
      group.forEach((p, i) => {
        const one = stored[i];
        if (one) p.resolve(one);
        else p.reject(new Error('notifications: a group stored fewer rows than it was given'));
      });
      return;
    }
    for (const p of group) await this.single(p.values).then(p.resolve, p.reject);
  }

  /** The stored rows in the group's order (ids follow it). */
  private async writeGroup(group: NewNotification[]): Promise<StoredNotification[]> {
    const parameters = [
      group.map((v) => v.user_id),
      group.map((v) => v.kind),
      group.map((v) => v.data),
      group.map((v) => v.created_at),
    ];
    const { rows } = await this.db.executeQuery<NotificationRow & { unread_now: number }>(
      CompiledQuery.raw(GROUP_INSERT, parameters),
    );
    return rows.map(({ unread_now, ...row }) => ({ row, unread: Number(unread_now) }));
  }
}
