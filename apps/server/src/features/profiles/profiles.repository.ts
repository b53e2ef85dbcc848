import * as profileContent from '../../access/profile-content.policy';
import { sql, type Kysely } from 'kysely';
import { PROFILES_SEARCH_COUNT_CAP } from '@chat/shared';
import { PUBLIC_USER_COLUMNS } from '../users/user.presenter';
import type {
  AttachmentRow,
  DB,
  FrameRow,
  ProfilePhotoRow,
  RoomUsersStealth,
  UserRow,
} from '../../db/schema';

/**
 * Moderation statuses that hide a profile text or photo from everyone but its owner and staff:
 * refused, and refused then edited or asked back (`updated`) until a moderator accepts it.
 */
export const HIDDEN_STATUSES = ['refused', 'updated'] as const;

export type PhotoWithAttachment = ProfilePhotoRow & { attachment: AttachmentRow };

/** A profile's owner as ProfilesRepository.findBySlug reads them. */
export interface ProfileOwner {
  user: UserRow;
  /** Sitting invisible in a room now. */
  invisible: boolean;
  /** The last activity of any of their sessions. */
  sessionAt: string | null;
}

/** What a list item shows (presentListItem): a list never reads the wide columns. */
const LIST_COLUMNS = [
  ...PUBLIC_USER_COLUMNS,
  'birthdate',
  'active_at',
  'created_at',
] as const satisfies readonly (keyof UserRow)[];
const LISTED = LIST_COLUMNS.map((c) => `users.${c}` as const);
export type ListedUser = Pick<UserRow, (typeof LIST_COLUMNS)[number]>;

export interface ListPage {
  rows: (ListedUser & { month_messages: number | null })[];
  total: number;
  /** True when `total` is the count's cap (SEARCH_COUNT_CAP), not the number of matches. */
  capped: boolean;
}
interface Window {
  limit: number;
  offset: number;
}

/** The highest code point: a prefix range ends just below the prefix followed by it. */
const MAX_CHAR = '\u{10FFFF}';

/** Reads for profile pages and lists. Every query here is one index lookup or range. */
export class ProfilesRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly postgres: boolean,
  ) {}

  /**
   * A live user by slug, with what the profile's statistics add in the same query: whether
   * they sit invisible in a room, and the last time a session of theirs did something
   * (touched once a minute).
   */
  async findBySlug(slug: string): Promise<ProfileOwner | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .select((eb) => [
        eb
          .exists(
            eb
              .selectFrom('room_users')
              .select('room_id')
              .whereRef('room_users.user_id', '=', 'users.id')
              .where('room_users.invisible', '=', 1),
          )
          .as('sits_invisible'),
        eb
          .selectFrom('sessions')
          .select((s) => s.fn.max('sessions.last_active_at').as('at'))
          .whereRef('sessions.user_id', '=', 'users.id')
          .as('session_at'),
      ])
      .where('slug', '=', slug)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    const { sits_invisible, session_at, ...user } = row;
    return { user, invisible: Boolean(Number(sits_invisible)), sessionAt: session_at ?? null };
  }

  /** A user that is not deleted (also the /api/my services' fresh read of the caller). */
  async findLive(id: number): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** True while the user sits invisible in any room. */
  /** Of these users, who is in a room now, and whether invisibly (in any room). */
  async presence(userIds: readonly number[]): Promise<Map<number, { invisible: boolean }>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('room_users')
      .select(['user_id', (eb) => eb.fn.max('invisible').as('invisible')])
      .where('user_id', 'in', userIds)
      .where('absent_since', 'is', null)
      .groupBy('user_id')
      .execute();
    return new Map(rows.map((r) => [r.user_id, { invisible: Number(r.invisible) === 1 }]));
  }

  async ignores(userId: number, targetId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('ignores')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('ignored_id', '=', targetId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * A user's photos in gallery order, with their uploads; `visibleOnly` leaves out refused ones
   * and those awaiting a restore (HIDDEN_STATUSES).
   */
  async photos(userId: number, visibleOnly: boolean): Promise<PhotoWithAttachment[]> {
    let query = this.db
      .selectFrom('profile_photos')
      .innerJoin('attachments', 'attachments.id', 'profile_photos.attachment_id')
      .selectAll('profile_photos')
      .select([
        'attachments.user_id as a_user_id',
        'attachments.purpose as a_purpose',
        'attachments.status as a_status',
        'attachments.mime as a_mime',
        'attachments.width as a_width',
        'attachments.height as a_height',
        'attachments.size as a_size',
        'attachments.adult as a_adult',
        'attachments.adult_marked as a_adult_marked',
        'attachments.original_key as a_original_key',
        'attachments.file_key as a_file_key',
        'attachments.thumb_key as a_thumb_key',
        'attachments.error as a_error',
        'attachments.created_at as a_created_at',
        'attachments.updated_at as a_updated_at',
      ])
      .where('profile_photos.user_id', '=', userId);
    if (visibleOnly) query = query.where('profile_photos.status', 'not in', [...HIDDEN_STATUSES]);
    const rows = await query
      .orderBy('profile_photos.position')
      .orderBy('profile_photos.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      attachment_id: r.attachment_id,
      status: r.status,
      position: r.position,
      created_at: r.created_at,
      attachment: {
        id: r.attachment_id,
        user_id: r.a_user_id,
        purpose: r.a_purpose,
        status: r.a_status,
        mime: r.a_mime,
        width: r.a_width,
        height: r.a_height,
        size: r.a_size,
        adult: r.a_adult,
        adult_marked: r.a_adult_marked,
        original_key: r.a_original_key,
        file_key: r.a_file_key,
        thumb_key: r.a_thumb_key,
        error: r.a_error,
        created_at: r.a_created_at,
        updated_at: r.a_updated_at,
      },
    }));
  }

  /**
   * People in a room now (a socket of theirs there: room_users.absent_since is null); unless
   * `withInvisible`, those invisible in any room they are present in are left out.
   */
  async online(withInvisible: boolean, page: Window): Promise<ListPage> {
    let present = this.db
      .selectFrom('room_users')
      .select('user_id')
      .where('absent_since', 'is', null)
      .groupBy('user_id');
    if (!withInvisible) present = present.having((eb) => eb(eb.fn.max('invisible'), '=', 0));
    const base = this.db
      .selectFrom('users')
      .where('deleted_at', 'is', null)
      .where('id', 'in', present);
    const [rows, total] = await Promise.all([
      base.select(LISTED).orderBy('nick_key').limit(page.limit).offset(page.offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return listPage(rows, total.n);
  }

  /** Registered people, newest first (ids grow with registration time). */
  async newest(page: Window): Promise<ListPage> {
    const base = this.db
      .selectFrom('users')
      .where('deleted_at', 'is', null)
      .where(profileContent.registeredPeople());
    const [rows, total] = await Promise.all([
      base.select(LISTED).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return listPage(rows, total.n);
  }

  /** Most public messages in the month, ties by who got there first (lower id). */
  async top(month: string, page: Window): Promise<ListPage> {
    const rows = await this.db
      .selectFrom('user_month_messages as m')
      .innerJoin('users', 'users.id', 'm.user_id')
      .select(LISTED)
      .select('m.messages as month_messages')
      .where('m.month', '=', month)
      .where('users.deleted_at', 'is', null)
      .orderBy('m.messages', 'desc')
      .orderBy('m.user_id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const total = await this.db
      .selectFrom('user_month_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('month', '=', month)
      .executeTakeFirstOrThrow();
    return { rows, total: Number(total.n), capped: false };
  }

  /**
   * Nicks starting with `prefix` (already a nick key: NFKC, lower case), in nick order. A range
   * [prefix, prefix + U+10FFFF) compared by code point: SQLite's binary unique index on nick_key
   * serves it, and on PostgreSQL the "C" collation index of 0007-profiles.
   */
  async searchByNickPrefix(prefix: string, page: Window): Promise<ListPage> {
    const key = this.postgres ? sql<string>`nick_key collate "C"` : sql<string>`nick_key`;
    let base = this.db.selectFrom('users').where('deleted_at', 'is', null);
    if (prefix !== '') base = base.where(key, '>=', prefix).where(key, '<', `${prefix}${MAX_CHAR}`);
    // Counted up to one past the cap: a one-letter prefix costs what a rare one does.
    const counted = base.select(sql.lit(1).as('one')).limit(PROFILES_SEARCH_COUNT_CAP + 1);
    const [rows, total] = await Promise.all([
      base.select(LISTED).orderBy(key).limit(page.limit).offset(page.offset).execute(),
      this.db
        .selectFrom(counted.as('matches'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const capped = Number(total.n) > PROFILES_SEARCH_COUNT_CAP;
    return capped
      ? { ...listPage(rows, PROFILES_SEARCH_COUNT_CAP), capped }
      : listPage(rows, total.n);
  }

  async frames(): Promise<FrameRow[]> {
    // A withdrawn frame (admin area) is no longer offered; those who wear it keep it.
    return this.db
      .selectFrom('frames')
      .selectAll()
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async frame(id: number): Promise<FrameRow | undefined> {
    return this.db
      .selectFrom('frames')
      .selectAll()
      .where('id', '=', id)
      .where('active', '=', 1)
      .executeTakeFirst();
  }

  /** The status line shown in the rooms' user lists (set from the chat, features/users). */
  async setStatus(userId: number, status: string | null): Promise<void> {
    await this.db.updateTable('users').set({ status }).where('id', '=', userId).execute();
  }

  /** A new visit to a room (called once per entry). */
  async countVisit(userId: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ room_visits: eb('room_visits', '+', 1) }))
      .where('id', '=', userId)
      .execute();
  }

  /** The user went invisible in a room: counts the visit as stealthy once. */
  async countStealth(userId: number, roomId: number): Promise<void> {
    const db = this.db.withTables<RoomUsersStealth>();
    await db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('room_users')
        .set({ went_invisible: 1 })
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .where('went_invisible', '=', 0)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) return;
      await trx
        .updateTable('users')
        .set((eb) => ({ stealth_visits: eb('stealth_visits', '+', 1) }))
        .where('id', '=', userId)
        .execute();
    });
  }
}

/** A list's page of rows (no month count) and its total, not capped unless said. */
function listPage(rows: ListedUser[], total: number | string): ListPage {
  return {
    rows: rows.map((r) => ({ ...r, month_messages: null })),
    total: Number(total),
    capped: false,
  };
}
