import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AdminTables } from './admin-schema';
import type { SettingsAdminTables } from './admin-settings-schema';
import type { SmileysFontsTables } from './admin-catalog-schema';
import type { FramesSoundsTables } from './admin-media-schema';
import type { GiftCatalogueTables } from './admin-gifts-schema';
import type { PagesReleasesTables } from './admin-pages-schema';
import type { ArtTables } from './art-schema';
import type { ForumTables } from './forum-schema';

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
  /** Who may write to this user privately: `all` or `friends` (IM_PRIVACY). */
  im_privacy: Generated<string>;
  /** Profile fields and counters (db/migrations/0007-profiles.ts). */
  about: Generated<string | null>;
  marital_status: Generated<string | null>;
  partner_id: Generated<number | null>;
  partner_confirmed_at: Generated<string | null>;
  avatar_key: Generated<string | null>;
  avatar_photo_id: Generated<number | null>;
  frame_id: Generated<number | null>;
  public_messages: Generated<number>;
  private_messages: Generated<number>;
  room_visits: Generated<number>;
  stealth_visits: Generated<number>;
  /** Set when the account was deleted: the row stays, anonymised, for the messages kept. */
  deleted_at: Generated<string | null>;
  /** Ends of the active gag and ban (0009-moderation; FOREVER when they have none). */
  gag_until: Generated<string | null>;
  ban_until: Generated<string | null>;
  /** Moderation status of `about`: new, accepted, refused, updated. */
  about_status: Generated<string>;
  /** When premium ends (0010-economy); null or past: not premium. */
  premium_until: Generated<string | null>;
  /** The nick's confusable skeleton (0015-account-names; lib/nick-skeleton.ts), unique; kept
   * after deletion. Null for look-alikes registered before it (ops nick-clashes lists them). */
  nick_skeleton: Generated<string | null>;
  /** When `phone` was confirmed by a code; `phone` is only ever a confirmed number. */
  phone_verified_at: Generated<string | null>;
  /** When `email` was confirmed (0032-sign-in-mail); null while not, and after it changes. */
  email_verified_at: Generated<string | null>;
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
  /** Since when no socket of the member's is in the room (null: present; issue 20, point 3). */
  absent_since: string | null;
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
  /** The library GIF of a GIF message (type 4), else null. */
  gif_id: number | null;
  /** The message of the same room this one answers, else null. */
  reply_to_id: number | null;
  /** When its author last edited it, else null. */
  edited_at: string | null;
}

/** The texts a room message had before each edit (moderators read them). */
export interface ChatMessageEditsTable {
  id: Generated<number>;
  message_id: number;
  text: string;
  /** When this text was written: the message's post, or the edit before. */
  written_at: string;
  replaced_at: string;
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
  /** The kept message's author, copied when kept (0025-quotes-page.ts); 0 for none. */
  author_id: Generated<number>;
}

/** Per kept message, how many keep it and when it was last kept (0025-quotes-page.ts). */
export interface QuoteCountsTable {
  message_id: number;
  quoted_count: number;
  quoted_at: string;
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

export interface DB
  extends
    ForumTables,
    ArtTables,
    AdminTables,
    SettingsAdminTables,
    SmileysFontsTables,
    FramesSoundsTables,
    GiftCatalogueTables,
    PagesReleasesTables {
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
  chat_message_edits: ChatMessageEditsTable;
  reactions: ReactionsTable;
  quotes: QuotesTable;
  quote_counts: QuoteCountsTable;
  room_invites: RoomInvitesTable;
  ignores: IgnoresTable;
  gif_categories: GifCategoriesTable;
  gifs: GifsTable;
  recent_gifs: RecentGifsTable;
  recent_smileys: RecentSmileysTable;
  jobs: JobsTable;
  attachments: AttachmentsTable;
  attachment_links: AttachmentLinksTable;
  im_channels: ImChannelsTable;
  im_channel_users: ImChannelUsersTable;
  im_messages: ImMessagesTable;
  frames: FramesTable;
  profile_photos: ProfilePhotosTable;
  user_month_messages: UserMonthMessagesTable;
  friendships: FriendshipsTable;
  notifications: NotificationsTable;
  notification_counts: NotificationCountsTable;
  bans: BansTable;
  warnings: WarningsTable;
  content_reviews: ContentReviewsTable;
  complaints: ComplaintsTable;
  complaint_reporters: ComplaintReportersTable;
  complaint_comments: ComplaintCommentsTable;
  moderation_log: ModerationLogTable;
  ledger: LedgerTable;
  invoices: InvoicesTable;
  daily_bonus_claims: DailyBonusClaimsTable;
  gifts: GiftsTable;
  user_gifts: UserGiftsTable;
  coin_transfers: CoinTransfersTable;
  premium_purchases: PremiumPurchasesTable;
  test_payments: TestPaymentsTable;
  retired_slugs: RetiredSlugsTable;
  phone_confirmations: PhoneConfirmationsTable;
  account_providers: AccountProvidersTable;
  email_codes: EmailCodesTable;
  auth_flows: AuthFlowsTable;
  video_participants: VideoParticipantsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type RoomRow = Selectable<RoomsTable>;
export type PageRow = Selectable<PagesTable>;
export type MessageRow = Selectable<MessagesTable>;
export type RoomUserRow = Selectable<RoomUsersTable>;

/** Who is in each room's video call now (0033-video-participants; features/video). */
export interface VideoParticipantsTable {
  room_id: number;
  /** Unique: a person is in one call at most. */
  user_id: number;
  /** The holding tab's id of its place in the call (unique). */
  call_id: string;
  /** The session (device) that joined: signing it out ends the call. */
  session_id: number;
  audio: number;
  video: number;
  screen: number;
  /** Joined to watch and listen only. */
  watcher: number;
  muted_by_moderator: number;
  /** Since when no socket of theirs is in the room (null: there); shown as reconnecting. */
  away_since: string | null;
  joined_at: string;
  updated_at: string;
}
export type VideoParticipantRow = Selectable<VideoParticipantsTable>;

export interface SiteSettingsTable {
  key: string;
  value: string;
}

/** The database job queue (features/jobs). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  max_attempts: number;
  run_at: string;
  locked_by: string | null;
  locked_at: string | null;
  last_error: string | null;
  dedupe_key: string | null;
  /** Whose work it is, for the fair share of the queue; null: nobody's in particular. */
  owner: string | null;
  /** The claim order: run_at, or later in an owner's turn (jobs.repository.ts). */
  fair_at: string;
  created_at: string;
  updated_at: string;
}

/** An uploaded picture; `original_key` is the private upload until processing ends. */
export interface AttachmentsTable {
  id: Generated<number>;
  user_id: number;
  purpose: string;
  status: string;
  mime: string | null;
  width: number | null;
  height: number | null;
  size: number | null;
  adult: number;
  /** 1 when the sender marked it 18+ (adult may also come from the classifier). */
  adult_marked: number;
  original_key: string | null;
  file_key: string | null;
  thumb_key: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface AttachmentLinksTable {
  attachment_id: number;
  kind: string;
  ref_id: number;
  created_at: string;
}

export type JobRow = Selectable<JobsTable>;
export type AttachmentRow = Selectable<AttachmentsTable>;

export interface GifCategoriesTable {
  id: Generated<number>;
  slug: string;
  name_ru: string;
  name_en: string;
  position: number;
}

export interface GifsTable {
  id: Generated<number>;
  category_id: number;
  title: string;
  /** The title folded for search: see db/migrations/0006-gifs.ts. */
  search_key: string;
  file: string;
  width: number;
  height: number;
  position: number;
}

export interface RecentGifsTable {
  id: Generated<number>;
  user_id: number;
  gif_id: number;
  used_at: string;
}

/** A smiley the user sent lately, by tag (db/migrations/0012-recent-smileys.ts). */
export interface RecentSmileysTable {
  id: Generated<number>;
  user_id: number;
  tag: string;
  used_at: string;
}

export type GifCategoryRow = Selectable<GifCategoriesTable>;
export type GifRow = Selectable<GifsTable>;

/** A private conversation; the pair is stored ordered (low id, high id), one channel per pair. */
export interface ImChannelsTable {
  id: Generated<number>;
  user_low_id: number;
  user_high_id: number;
  last_message_id: number | null;
  created_at: string;
}

/** One party's state in a channel: what they read, their unread count, their last activity. */
export interface ImChannelUsersTable {
  channel_id: number;
  user_id: number;
  other_id: number;
  last_read_id: Generated<number>;
  unread_count: Generated<number>;
  activity_at: string | null;
}

export interface ImMessagesTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number;
  text: string;
  /** JSON snapshot of the wire attachments at sending time. */
  attachments: string;
  deleted: Generated<number>;
  client_id: string | null;
  read_at: string | null;
  created_at: string;
}

export type ImChannelRow = Selectable<ImChannelsTable>;
export type ImChannelUserRow = Selectable<ImChannelUsersTable>;
export type ImMessageRow = Selectable<ImMessagesTable>;

/** One row per pair of users (features/friends); `status` is `pending` or `accepted`. */
export interface FriendshipsTable {
  id: Generated<number>;
  requester_id: number;
  addressee_id: number;
  user_low_id: number;
  user_high_id: number;
  status: 'pending' | 'accepted';
  created_at: string;
  accepted_at: string | null;
}
export type FriendshipRow = Selectable<FriendshipsTable>;

/** A user's notification (features/notifications); `data` is JSON text. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  data: string;
  read_at: string | null;
  created_at: string;
}
export type NotificationRow = Selectable<NotificationsTable>;

/** How many of a user's notifications are unread (0034; no row: none). */
export interface NotificationCountsTable {
  user_id: number;
  unread: number;
}

/** The avatar frames catalogue; `file` is an SVG under assets/frames/. */
export interface FramesTable {
  id: Generated<number>;
  name_ru: string;
  name_en: string;
  file: string;
  premium_only: number;
  position: number;
}

export interface ProfilePhotosTable {
  id: Generated<number>;
  user_id: number;
  attachment_id: number;
  /** Moderation status: new, accepted, refused, updated. */
  status: Generated<string>;
  position: number;
  created_at: string;
}

/** Public messages of a user in a Moscow calendar month ("YYYY-MM"). */
export interface UserMonthMessagesTable {
  month: string;
  user_id: number;
  messages: number;
}

/**
 * `room_users.went_invisible` (0007-profiles): 1 once a visit was counted as stealthy. Only the
 * profiles statistics read it, through `db.withTables<RoomUsersStealth>()`, so the chat's row
 * type stays as it was.
 */
export type RoomUsersStealth = {
  room_users: { went_invisible: Generated<number> };
};

export type FrameRow = Selectable<FramesTable>;
export type ProfilePhotoRow = Selectable<ProfilePhotosTable>;

/** Gags, bans and full bans (0009-moderation). `evidence` is JSON (shared `Evidence`). */
export interface BansTable {
  id: Generated<number>;
  user_id: number;
  moderator_id: number;
  type: 'gag' | 'ban' | 'full_ban';
  period: string;
  reason: string;
  taboo: string | null;
  comment: string | null;
  message_id: number | null;
  evidence: string | null;
  created_at: string;
  expires_at: string | null;
  lifted_at: string | null;
  lifted_by: number | null;
  lift_reason: 'early' | 'appeal' | 'role' | null;
}

export interface WarningsTable {
  id: Generated<number>;
  user_id: number;
  moderator_id: number;
  reason: string;
  taboo: string | null;
  comment: string | null;
  message_id: number | null;
  evidence: string | null;
  created_at: string;
}

/** A piece of content under moderation; `subject_type` is `about` (subject: the user) or `photo`. */
export interface ContentReviewsTable {
  id: Generated<number>;
  subject_type: string;
  subject_id: number;
  owner_id: number;
  status: string;
  reason: string | null;
  moderator_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ComplaintsTable {
  id: Generated<number>;
  target_type: string;
  target_id: number;
  is_appeal: Generated<number>;
  reason: string;
  text: string | null;
  status: 'open' | 'taken' | 'accepted' | 'refused';
  reporter_id: number;
  accused_id: number | null;
  assignee_id: number | null;
  resolver_id: number | null;
  resolution: string | null;
  evidence: string | null;
  reports_count: Generated<number>;
  /** `target_type:target_id` while open or taken; null once resolved (merges duplicates). */
  open_key: string | null;
  created_at: string;
  updated_at: string;
  taken_at: string | null;
  resolved_at: string | null;
}

export interface ComplaintReportersTable {
  complaint_id: number;
  reporter_id: number;
  reason: string;
  text: string | null;
  created_at: string;
}

export interface ComplaintCommentsTable {
  id: Generated<number>;
  complaint_id: number;
  author_id: number;
  text: string;
  created_at: string;
}

/** Append-only (a trigger refuses UPDATE and DELETE on both dialects). `data` is JSON. */
export interface ModerationLogTable {
  id: Generated<number>;
  actor_id: number;
  action: string;
  target_user_id: number | null;
  subject_type: string | null;
  subject_id: number | null;
  reason: string | null;
  comment: string | null;
  data: string;
  created_at: string;
}

export type BanRow = Selectable<BansTable>;
export type WarningRow = Selectable<WarningsTable>;
export type ContentReviewRow = Selectable<ContentReviewsTable>;
export type ComplaintRow = Selectable<ComplaintsTable>;
export type ComplaintCommentRow = Selectable<ComplaintCommentsTable>;
export type ModerationLogRow = Selectable<ModerationLogTable>;

/** Every credit and debit of one part (0010-economy); `amount` is signed. */
export interface LedgerTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  part: 'balance' | 'bonus';
  reason: string;
  ref_type: string | null;
  ref_id: number | null;
  counterpart_id: number | null;
  balance_after: number;
  bonus_after: number;
  op_key: string | null;
  created_at: string;
}

export interface InvoicesTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  currency: string;
  provider: string;
  provider_payment_id: string | null;
  status: 'unpaid' | 'paid' | 'expired';
  pay_url: string | null;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
}

export interface DailyBonusClaimsTable {
  user_id: number;
  day: string;
  amount: number;
  created_at: string;
}

export interface GiftsTable {
  id: Generated<number>;
  name_ru: string;
  name_en: string;
  price: number;
  file: string;
  premium_only: Generated<number>;
  position: number;
  active: Generated<number>;
  /** Version for the admin area's edits (0030-gift-catalogue); the epoch until first edited. */
  updated_at: Generated<string>;
}

export interface UserGiftsTable {
  id: Generated<number>;
  gift_id: number;
  sender_id: number;
  recipient_id: number;
  price: number;
  text: string | null;
  anonymous: Generated<number>;
  private: Generated<number>;
  created_at: string;
  /** 1: the recipient took it off their profile (it stays in the sender's history). */
  hidden: Generated<number>;
  /** When a moderator removed its text (the text is then null). */
  text_removed_at: Generated<string | null>;
}

export interface CoinTransfersTable {
  id: Generated<number>;
  sender_id: number;
  recipient_id: number;
  amount: number;
  text: string | null;
  day: string;
  created_at: string;
}

export interface PremiumPurchasesTable {
  id: Generated<number>;
  buyer_id: number;
  user_id: number;
  plan: string;
  days: number;
  price: number;
  until: string;
  created_at: string;
}

export type LedgerRow = Selectable<LedgerTable>;
export type InvoiceRow = Selectable<InvoicesTable>;

/** The local test payment provider's payments (0011-test-payments). */
export interface TestPaymentsTable {
  /** The token in the pay page's URL, and the provider's payment id on the invoice. */
  id: string;
  idempotence_key: string;
  invoice_id: number;
  amount: number;
  currency: string;
  description: string;
  return_url: string;
  status: 'pending' | 'succeeded' | 'canceled';
  created_at: string;
  updated_at: string;
}
export type TestPaymentRow = Selectable<TestPaymentsTable>;
export type GiftRow = Selectable<GiftsTable>;
export type UserGiftRow = Selectable<UserGiftsTable>;

/** A deleted account's profile address, never handed out again (0015-account-names). */
export interface RetiredSlugsTable {
  slug: string;
  user_id: number;
  retired_at: string;
}

/** A phone waiting for its code (0015-account-names): it claims nothing until confirmed. */
export interface PhoneConfirmationsTable {
  user_id: number;
  phone: string;
  /** HMAC of the code sent; null when none was asked for yet. */
  code_hash: string | null;
  /** Wrong codes typed for this code; at the limit the code is void. */
  attempts: Generated<number>;
  expires_at: string | null;
  created_at: string;
}
export type PhoneConfirmationRow = Selectable<PhoneConfirmationsTable>;

/** An account's sign-in name at another site (0016-account-providers; features/auth). */
export interface AccountProvidersTable {
  id: Generated<number>;
  user_id: number;
  /** Which site: a short name of ours for it (`google`, `vk`...). */
  provider: string;
  /** The provider's stable id for the person, unique per provider. */
  subject: string;
  /** The provider's display name for the person (0032), shown beside the link. */
  name: Generated<string | null>;
  created_at: string;
}
export type AccountProviderRow = Selectable<AccountProvidersTable>;

/** A code and link mailed to an account (0032-sign-in-mail), one per purpose. */
export interface EmailCodesTable {
  id: Generated<number>;
  user_id: number;
  /** `confirm` (the e-mail address) or `reset` (a forgotten password). */
  purpose: string;
  /** The address it was sent to: a confirmation confirms this address only. */
  email: string;
  /** HMACs of the 6-digit code and of the link's token. */
  code_hash: string;
  token_hash: string;
  /** Wrong codes typed; at the limit the code is void. */
  attempts: Generated<number>;
  expires_at: string;
  /** Set when used: a code or link works once. */
  used_at: string | null;
  created_at: string;
}
export type EmailCodeRow = Selectable<EmailCodesTable>;

/** A step of a sign-in with another site (0032): a request awaiting its callback, or a nick. */
export interface AuthFlowsTable {
  id: Generated<number>;
  /** HMAC of the random key the browser holds (the OAuth `state`, or the sign-up cookie). */
  key_hash: string;
  /** `oauth` (waiting for the provider's callback) or `signup` (waiting for a nick). */
  kind: string;
  provider: string;
  /** JSON: the step's own fields (verifier, nonce, return path; or the provider's person). */
  data: string;
  /** The account to link the provider to, or the guest who is signing up. */
  user_id: number | null;
  expires_at: string;
  created_at: string;
}
export type AuthFlowRow = Selectable<AuthFlowsTable>;
