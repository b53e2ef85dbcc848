import { moscowMonthKey } from '@chat/shared';
import { CompiledQuery, type Kysely } from 'kysely';
import type { DB, MessageRow } from '../../db/schema';
import { TurnGroups } from '../../lib/turn-groups';
import {
  COMMIT_WITHOUT_WAITING_FOR_DISK,
  insertMessageOnPostgres,
  MESSAGE_COLUMNS,
  outcome,
  PG_TYPES,
  type NewMessage,
  type Written,
} from './message-insert';

interface Pending {
  row: NewMessage;
  resolve: (row: MessageRow | null) => void;
  reject: (error: unknown) => void;
  done: Promise<MessageRow | null>;
}

/**
 * The same write as insertMessageOnPostgres for a whole group of messages at once: the
 * columns come as arrays ($1…$10, then the months), unnested in the order they were posted.
 * Authors are locked in id order (two groups never wait on each other crosswise), sanctions
 * are checked per message against its own time, a known client_id inserts nothing, and each
 * author's counters go up by their messages stored. One row comes back per message, by `n`.
 * It commits as the one-message statement does, without waiting for the disk.
 */
const GROUP_INSERT = (() => {
  const arrays = MESSAGE_COLUMNS.map((c, i) => `cast($${i + 1} as ${PG_TYPES[c]}[])`);
  const months = `cast($${MESSAGE_COLUMNS.length + 1} as varchar(7)[])`;
  return `with input as (
      select * from unnest(${arrays.join(', ')}, ${months})
        with ordinality as i(${MESSAGE_COLUMNS.join(', ')}, month, n)
    ), authors as (
      select id, ban_until, gag_until from users
      where id in (select user_id from input) order by id for no key update
    ), allowed as (
      select input.* from input join authors on authors.id = input.user_id
      where (authors.ban_until is null or authors.ban_until <= input.created_at)
        and (authors.gag_until is null or authors.gag_until <= input.created_at)
    ), stored as (
      insert into messages (${MESSAGE_COLUMNS.join(', ')})
      select ${MESSAGE_COLUMNS.join(', ')} from allowed order by n
      on conflict (user_id, client_id) do nothing
      returning *
    ), counted as (
      update users set public_messages = public_messages + mine.k
      from (select user_id, count(*) as k from stored group by user_id) mine
      where users.id = mine.user_id
    ), monthly as (
      insert into user_month_messages (month, user_id, messages)
      select input.month, stored.user_id, count(*) from stored
      join input on input.user_id = stored.user_id and input.client_id = stored.client_id
      group by input.month, stored.user_id
      on conflict (month, user_id) do update
        set messages = user_month_messages.messages + excluded.messages
    )
    select input.n, authors.ban_until, authors.gag_until, stored.*
    from input join authors on authors.id = input.user_id ${COMMIT_WITHOUT_WAITING_FOR_DISK}
    left join stored on stored.user_id = input.user_id and stored.client_id = input.client_id`;
})();

/**
 * Group commit for chat messages on PostgreSQL: the messages posted during one event-loop turn
 * are written by one statement, in one round trip and one commit, and the room hears them
 * together (one socket write each for all of them). A lone message takes the one-message
 * statement. When a group's statement fails (a room deleted meanwhile, a deadlock), each of
 * its messages is written alone, so one bad message never sinks the others.
 *
 * One group is written at a time: what is posted while a group is on its way waits and goes
 * as the next group. Under load the groups grow instead of multiplying, so PostgreSQL gets
 * fewer statements and the room fewer, larger writes; ids follow the order of posting.
 *
 * The next group leaves once the room has heard the last one and the requests that came in
 * meanwhile are read (the turn after its fan-out), not at once. The authors of the last group
 * post again as soon as they have their answers, while its fan-out is being written; leaving
 * at once split busy posters into two cohorts that took turns, each group half the size and
 * each with a fan-out of its own (one write per member socket). Waiting one flush merges them:
 * at saturation 16 messages a flush instead of 8, and the server's CPU per message fell by a
 * third. With nothing queued, a post still leaves at the end of its own turn.
 */
export class PostgresMessageGroups {
  private readonly groups = new TurnGroups<Pending>((group) => this.write(group));

  constructor(private readonly db: Kysely<DB>) {}

  insert(row: NewMessage): Promise<MessageRow | null> {
    // The same client_id twice in one group is a retry racing its original: it gets what the
    // original gets, as "already there" (null) when that one is stored.
    const original = this.groups.waiting.find(
      (p) => p.row.user_id === row.user_id && p.row.client_id === row.client_id,
    );
    if (original) return original.done.then(() => null);
    let resolve!: Pending['resolve'];
    let reject!: Pending['reject'];
    const done = new Promise<MessageRow | null>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    this.groups.add({ row, resolve, reject, done });
    return done;
  }

  private async write(group: Pending[]): Promise<void> {
    if (group.length > 1) {
      try {
        const written = await this.writeGroup(group.map((p) => p.row));
        group.forEach((p, i) =>
          settle(p, () => outcome(written[i], p.row.created_at, p.row.user_id)),
        );
        return;
      } catch {
        // Fall through: each on its own.
      }
    }
    // One after the other, so that ids keep the order they were posted in.
    for (const p of group) await insertMessageOnPostgres(this.db, p.row).then(p.resolve, p.reject);
  }

  /** The statement's row of each message, in the group's order. */
  private async writeGroup(
    rows: NewMessage[],
  ): Promise<((Written & Partial<MessageRow>) | undefined)[]> {
    const parameters: unknown[] = MESSAGE_COLUMNS.map((c) => rows.map((r) => r[c]));
    parameters.push(rows.map((r) => moscowMonthKey(new Date(r.created_at))));
    const result = await this.db.executeQuery<Written & Partial<MessageRow> & { n: number }>(
      CompiledQuery.raw(GROUP_INSERT, parameters),
    );
    const byN = new Map(result.rows.map(({ n, ...row }) => [Number(n), row]));
    return rows.map((_, i) => byN.get(i + 1));
  }
}

function settle(pending: Pending, answer: () => MessageRow | null): void {
  try {
    pending.resolve(answer());
  } catch (error) {
    pending.reject(error);
  }
}
