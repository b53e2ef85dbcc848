import type { UsersTable, UserUpdate } from './schema';

/**
 * Who owns which columns of the one `users` row (issue 18, part 4). The row stays one table;
 * each column has one owner, and only the owner's files write it, through the owner's typed
 * methods (a Pick of its columns). Everyone reads the row (features/users/users.repository.ts).
 * user-columns.test.ts fails when a file writes another owner's column, or when a column of
 * the database has no owner here.
 */
export const USER_COLUMN_OWNERS = {
  /** Sign-in and the account's life: names, password, contact, role (features/auth). */
  accounts: {
    writers: ['features/auth/'],
    columns: [
      'slug',
      'nick',
      'nick_key',
      'nick_skeleton',
      'password_hash',
      'email',
      'email_verified_at',
      'phone',
      'phone_verified_at',
      'role',
      'created_at',
      'active_at',
      'deleted_at',
    ],
  },
  /** The public self: profile fields, partner, avatar, frame, nick style, status line. */
  profiles: {
    writers: ['features/profiles/', 'features/my/'],
    columns: [
      'gender',
      'birthdate',
      'about',
      'marital_status',
      'partner_id',
      'partner_confirmed_at',
      'avatar',
      'avatar_key',
      'avatar_photo_id',
      'frame',
      'frame_id',
      'nick_style',
      'status',
    ],
  },
  /**
   * The profile's counters: the message writes bump theirs in the same statement as the
   * message (their hot path), the profiles' statistics listeners the visits.
   */
  counters: {
    writers: [
      'features/profiles/',
      'features/chat/message-insert.ts',
      'features/chat/message-groups.postgres.ts',
      'features/im/im-message-insert.ts',
    ],
    columns: ['public_messages', 'private_messages', 'room_visits', 'stealth_visits'],
  },
  /** How the chat behaves for the account: chat settings, who may write privately. */
  preferences: {
    writers: ['features/preferences/'],
    columns: ['settings', 'im_privacy'],
  },
  /** The wallet and premium (features/economy; the ledger's conditional writes). */
  economy: {
    writers: ['features/economy/'],
    columns: ['balance', 'bonus', 'premium_until'],
  },
  /** Sanctions, the troll mark and the about text's review (features/moderation). */
  moderation: {
    writers: ['features/moderation/'],
    columns: ['gag_until', 'ban_until', 'is_troll', 'about_status'],
  },
} as const satisfies Record<
  string,
  { writers: readonly string[]; columns: readonly Exclude<keyof UsersTable, 'id'>[] }
>;

export type UserColumnOwner = keyof typeof USER_COLUMN_OWNERS;
export type OwnedColumn<O extends UserColumnOwner> =
  (typeof USER_COLUMN_OWNERS)[O]['columns'][number];

/** What each owner may change of the row: its typed methods take these. */
export type AccountChanges = Pick<UserUpdate, OwnedColumn<'accounts'>>;
export type ProfileChanges = Pick<UserUpdate, OwnedColumn<'profiles'>>;
export type PreferenceChanges = Pick<UserUpdate, OwnedColumn<'preferences'>>;

/** Every column but the id has an owner: a column added to UsersTable fails to compile here. */
type Unowned = Exclude<keyof UsersTable, 'id' | OwnedColumn<UserColumnOwner>>;
const everyColumnOwned: [Unowned] extends [never] ? true : Unowned = true;
void everyColumnOwned;

/**
 * The writes that cross owners on purpose, each with its reason (file, method, columns).
 * user-columns.test.ts allows exactly these.
 */
export const CROSS_OWNER_WRITES: readonly {
  file: string;
  method: string;
  columns: readonly Exclude<keyof UsersTable, 'id'>[] | 'all';
  why: string;
}[] = [
  {
    file: 'features/my/my.repository.ts',
    method: 'anonymise',
    columns: 'all',
    why: 'account deletion clears every owner’s columns in one statement, as the privacy policy says',
  },
  {
    file: 'features/auth/accounts.repository.ts',
    method: 'registerGuest',
    columns: ['gender', 'birthdate'],
    why: 'the registration form asks for them; a guest who registers keeps its row, and they are written with it, as a new account’s insert writes them',
  },
  {
    file: 'features/economy/premium.repository.ts',
    method: 'takeOffLooks',
    columns: ['nick_style', 'frame_id', 'frame'],
    why: 'premium’s end takes off the looks premium put on, locked in the expiry’s transaction',
  },
  {
    file: 'features/admin/media/frames.repository.ts',
    method: 'repointWearers',
    columns: ['frame'],
    why: 'an admin’s new picture of a frame reaches those wearing it (users.frame keeps its URL), in the change’s transaction',
  },
];
