import { PostgresAdapter, type Kysely, type Updateable } from 'kysely';
import type {
  DB,
  RoomUserRow,
  UserRow,
  VideoParticipantRow,
  VideoParticipantsTable,
} from '../../db/schema';
import { lockSanctions } from '../moderation/sanction-guard';

/** The person's fields a participant shows (chat.presenter's presentAuthor). */
type ParticipantUser = Pick<
  UserRow,
  'slug' | 'nick' | 'nick_style' | 'avatar' | 'role' | 'frame' | 'gender' | 'is_troll'
>;
/** A participant with what the call shows of them. */
export type ParticipantWithUser = VideoParticipantRow & ParticipantUser;

/** What a join reads under its locks: the person's sanctions and membership, the room. */
export interface JoinFacts {
  sanctions: Pick<UserRow, 'gag_until' | 'ban_until'> | undefined;
  membership: Pick<RoomUserRow, 'absent_since'> | undefined;
  roomExists: boolean;
}

export type VideoFlags = Pick<VideoParticipantsTable, 'audio' | 'video' | 'screen'>;

/** Which holds an ending applies to: a person's, narrowed to a room, a hold or a device. */
export interface HoldFilter {
  userId: number;
  roomId?: number;
  callId?: string;
  sessionId?: number;
}

/**
 * Who is in each room's call (`video_participants`). Every write takes the unit's `db` (a
 * transaction); reads without one use the root connection.
 */
export class VideoRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<DB>) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** The room's participants with their people, in the order they joined. */
  async participants(roomId: number, db: Kysely<DB> = this.db): Promise<ParticipantWithUser[]> {
    return this.withUsers(db)
      .where('video_participants.room_id', '=', roomId)
      .orderBy('video_participants.joined_at')
      .orderBy('video_participants.user_id')
      .execute();
  }

  /** The person's place in the room's call, with what it shows of them. */
  async participant(
    roomId: number,
    userId: number,
    db: Kysely<DB> = this.db,
  ): Promise<ParticipantWithUser | undefined> {
    return this.withUsers(db)
      .where('video_participants.room_id', '=', roomId)
      .where('video_participants.user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The person's hold on a call, in whichever room. */
  async holdOf(userId: number, db: Kysely<DB> = this.db): Promise<VideoParticipantRow | undefined> {
    return db
      .selectFrom('video_participants')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Reads what a join decides on, holding it still until the unit commits (PostgreSQL; SQLite
   * runs one write transaction at a time already): the person's row (their joins one after
   * another, and a sanction given meanwhile is either seen here or sees this join), their
   * membership (leaving the room waits for this join, then ends its call), then the room's row
   * (the room's joins one after another, so the count below is exact and the cap holds).
   */
  async lockForJoin(trx: Kysely<DB>, roomId: number, userId: number): Promise<JoinFacts> {
    const sanctions = await lockSanctions(trx, userId);
    const membershipQuery = trx
      .selectFrom('room_users')
      .select('absent_since')
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId);
    const membership = await (
      this.postgres ? membershipQuery.forShare() : membershipQuery
    ).executeTakeFirst();
    const roomQuery = trx.selectFrom('rooms').select('id').where('id', '=', roomId);
    const room = await (this.postgres ? roomQuery.forNoKeyUpdate() : roomQuery).executeTakeFirst();
    return { sanctions, membership, roomExists: room !== undefined };
  }

  /** The person's sanction ends, as the row has them now. */
  async sanctionsOf(
    trx: Kysely<DB>,
    userId: number,
  ): Promise<Pick<UserRow, 'gag_until' | 'ban_until'> | undefined> {
    return trx
      .selectFrom('users')
      .select(['gag_until', 'ban_until'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** How many others are in the room's call. */
  async countOthers(trx: Kysely<DB>, roomId: number, userId: number): Promise<number> {
    const row = await trx
      .selectFrom('video_participants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('room_id', '=', roomId)
      .where('user_id', '<>', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(trx: Kysely<DB>, row: VideoParticipantRow): Promise<void> {
    await trx.insertInto('video_participants').values(row).execute();
  }

  /** Ends the holds the filter names (one at most: a person holds one); the row it was. */
  async remove(trx: Kysely<DB>, filter: HoldFilter): Promise<VideoParticipantRow | undefined> {
    return trx
      .deleteFrom('video_participants')
      .where('user_id', '=', filter.userId)
      .$if(filter.roomId !== undefined, (q) => q.where('room_id', '=', filter.roomId!))
      .$if(filter.callId !== undefined, (q) => q.where('call_id', '=', filter.callId!))
      .$if(filter.sessionId !== undefined, (q) => q.where('session_id', '=', filter.sessionId!))
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Changes a participant's row; false when they are not in the room's call (any more), or
   * when `guard` (flags the row must have) does not hold: a microphone turned on only while no
   * moderator has muted it, a mute counted only when it changes something.
   */
  async update(
    trx: Kysely<DB>,
    roomId: number,
    userId: number,
    changes: Updateable<VideoParticipantsTable>,
    guard: Partial<Pick<VideoParticipantsTable, 'watcher' | 'muted_by_moderator'>> = {},
  ): Promise<boolean> {
    const result = await trx
      .updateTable('video_participants')
      .set(changes)
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .$if(guard.watcher !== undefined, (q) => q.where('watcher', '=', guard.watcher!))
      .$if(guard.muted_by_moderator !== undefined, (q) =>
        q.where('muted_by_moderator', '=', guard.muted_by_moderator!),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Marks the person away from the room's call since `at`, if they were there; their hold. */
  async markAway(
    trx: Kysely<DB>,
    roomId: number,
    userId: number,
    at: string,
  ): Promise<Pick<VideoParticipantRow, 'call_id'> | undefined> {
    return trx
      .updateTable('video_participants')
      .set({ away_since: at, updated_at: at })
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .where('away_since', 'is', null)
      .returning('call_id')
      .executeTakeFirst();
  }

  /** Clears the person's away mark in the room's call; false when there was none. */
  async markBack(trx: Kysely<DB>, roomId: number, userId: number, at: string): Promise<boolean> {
    const result = await trx
      .updateTable('video_participants')
      .set({ away_since: null, updated_at: at })
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .where('away_since', 'is not', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Ends the hold if it has been away since `cutoff` or before: a hold that came back, or
   * went away again later (whose own timer is still running), stays.
   */
  async removeIfAway(
    trx: Kysely<DB>,
    callId: string,
    cutoff: string,
  ): Promise<VideoParticipantRow | undefined> {
    return trx
      .deleteFrom('video_participants')
      .where('call_id', '=', callId)
      .where('away_since', 'is not', null)
      .where('away_since', '<=', cutoff)
      .returningAll()
      .executeTakeFirst();
  }

  private withUsers(db: Kysely<DB>) {
    return db
      .selectFrom('video_participants')
      .innerJoin('users', 'users.id', 'video_participants.user_id')
      .selectAll('video_participants')
      .select([
        'users.slug',
        'users.nick',
        'users.nick_style',
        'users.avatar',
        'users.role',
        'users.frame',
        'users.gender',
        'users.is_troll',
      ]);
  }
}
