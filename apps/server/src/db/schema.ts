import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 strings and flags are 0/1 integers on both dialects;
 * JSON columns are text. Presenters turn rows into wire objects.
 */
export interface UsersTable {
  id: Generated<number>;
  slug: string;
  nick: string;
  nick_key: string;
  password_hash: string | null;
  email: string | null;
  phone: string | null;
  gender: string | null;
  birthdate: string | null;
  role: string;
  settings: string;
  nick_style: string;
  avatar: string | null;
  frame: string | null;
  balance: Generated<number>;
  bonus: Generated<number>;
  created_at: string;
  active_at: string | null;
  is_troll: Generated<number>;
  status: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  user_agent: string;
  ip: string;
  created_at: string;
  last_active_at: string;
}

export interface RoomsTable {
  id: Generated<number>;
  name_ru: string;
  name_en: string;
  is_public: number;
  owner_id: number | null;
  position: number;
  created_at: string;
}

export interface RoomUsersTable {
  room_id: number;
  user_id: number;
  position: number;
  state_id: number;
  invisible: number;
  entered_at: string;
  last_read_id: Generated<number>;
}

export interface FontsTable {
  id: Generated<number>;
  font_family: string;
}

export interface SmileyGroupsTable {
  id: Generated<number>;
  name_ru: string;
  name_en: string;
  position: number;
}

export interface SmileysTable {
  id: Generated<number>;
  group_id: number;
  tag: string;
  file: string;
  position: number;
}

export interface PagesTable {
  id: Generated<number>;
  slug: string;
  locale: string;
  title: string;
  body: string;
  updated_at: string;
}

export interface MessagesTable {
  id: Generated<number>;
  room_id: number;
  user_id: number;
  type_id: number;
  text: string;
  nicks: string;
  attachments: string;
  client_id: string | null;
  created_at: string;
  deleted_at: string | null;
}

export interface MessageHidesTable {
  user_id: number;
  message_id: number;
}

export interface ReactionsTable {
  id: Generated<number>;
  likeable_type: string;
  likeable_id: number;
  user_id: number;
  reaction: string;
  created_at: string;
}

export interface QuotesTable {
  user_id: number;
  message_id: number;
  created_at: string;
}

export interface RoomInvitesTable {
  room_id: number;
  user_id: number;
  invited_by: number | null;
  created_at: string;
}

export interface IgnoresTable {
  user_id: number;
  ignored_id: number;
  created_at: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  rooms: RoomsTable;
  room_users: RoomUsersTable;
  fonts: FontsTable;
  smiley_groups: SmileyGroupsTable;
  smileys: SmileysTable;
  pages: PagesTable;
  site_settings: SiteSettingsTable;
  messages: MessagesTable;
  message_hides: MessageHidesTable;
  reactions: ReactionsTable;
  quotes: QuotesTable;
  room_invites: RoomInvitesTable;
  ignores: IgnoresTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type RoomRow = Selectable<RoomsTable>;
export type PageRow = Selectable<PagesTable>;
export type MessageRow = Selectable<MessagesTable>;
export type RoomUserRow = Selectable<RoomUsersTable>;

export interface SiteSettingsTable {
  key: string;
  value: string;
}
