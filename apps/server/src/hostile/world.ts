/**
 * The hostile world's types: the world each case acts on, its parts (one per *-world.ts, which
 * builds it and lists its routes' cases) and a route's case. Apart from kit.ts, which assembles
 * the parts, so that the parts need not import it.
 */
import type { InjectOptions } from 'fastify';
import type {
  BanRow,
  ComplaintRow,
  GiftRow,
  ImChannelRow,
  ImMessageRow,
  MessageRow,
  RoomRow,
  UserGiftRow,
  UserRow,
} from '../db/schema';
import type { ArtCommentRow, ArtGroupRow, ArtPostRow } from '../db/art-schema';
import type { ForumCategoryRow, ForumPostRow, ForumThreadRow } from '../db/forum-schema';
import type { Client } from '../test/factories';

export interface World {
  /** Public room owned by `owner`; owner, peer, guest, moderator and admin are in it. */
  room: RoomRow;
  /** Private room owned by `owner`, only the owner in it. */
  privateRoom: RoomRow;
  /** A public room nobody has entered. */
  lobby: RoomRow;
  /** Private room of `stranger`, with a message of theirs; nobody else is in it. */
  strangerRoom: RoomRow;
  owner: Client;
  peer: Client;
  guest: Client;
  moderator: Client;
  admin: Client;
  /** Registered, in no room. */
  outsider: Client;
  stranger: Client;
  ownMessage: MessageRow;
  peerMessage: MessageRow;
  strangerMessage: MessageRow;
  /** Private channels: owner with peer, stranger with outsider (im-world.ts). */
  im: ImWorld;
  /** A notification of the owner, a spare session of the outsider (social-world.ts). */
  social: SocialWorld;
  /** The owner's photo and upload, a partner request, a spare account (profiles-world.ts). */
  profiles: ProfilesWorld;
  /** Sanctions, complaints and reviews the moderation routes act on (moderation-world.ts). */
  moderation: ModerationWorld;
  /** Wallets, invoices, gifts the economy routes act on (economy-world.ts). */
  economy: EconomyWorld;
  /** A category, the owner's thread, the owner's reply and the peer's (forum-world.ts). */
  forum: ForumWorld;
  /** A group, the owner's post and the peer's, the owner's comment, a spare upload (art-world.ts). */
  art: ArtWorld;
  /** What the admin area's routes act on (admin-world.ts); `admin` is the admin's client. */
  adminArea: AdminWorld;
  /** Codes and links mailed for an address and a forgotten password (mail-world.ts). */
  mail: MailWorld;
  signIn: SignInWorld;
  /** The owner and the peer in the call of `room` (video-world.ts). */
  video: VideoWorld;
  /** A socket connected now (the channel auth signs no other), claimed by the owner's calls. */
  socketId: string;
}

export interface RouteCase {
  /** `METHOD /pattern`, as the route is registered. */
  route: string;
  access: 'public' | 'user' | 'registered';
  /** Whether the route reads a body (a body schema). */
  body: boolean;
  /** Every field is optional: an empty body is a valid (no-op) call. */
  emptyBodyOk?: boolean;
  /** The route has a real POST (not only an overridden PATCH/PUT/DELETE). */
  realPost: boolean;
  /**
   * The route reads its multipart body as a stream with its own limits (uploads): the sweep's
   * 1 MB body limit and `_method` in a re-encoded body do not apply to it.
   */
  streamsBody?: boolean;
  /** Who makes the successful call. */
  actor(w: World): Client;
  call(w: World): InjectOptions & { method: string; url: string };
}

/** A safe route (no body): what a forged token must not open either. */
export interface SafeRouteCase {
  /** `GET /pattern`, as the route is registered. */
  route: string;
  url(w: World): string;
  access: 'public' | 'user';
}

/** One module's cases: every unsafe route it registers, and the safe routes the sweep tries. */
export interface ModuleCases {
  unsafe: RouteCase[];
  safe: SafeRouteCase[];
}

export interface BalanceWorld {
  /** Coins the owner may give (balance, not bonus). */
  coins: number;
}

export interface ComplaintsWorld {
  /** The owner's open complaint about the peer's message. */
  complaint: ComplaintRow;
  /** The sanctioned person's open appeal against their gag (given by the moderator). */
  appeal: ComplaintRow;
}

export interface ContentReviewsWorld {
  /** The owner's about text, `new` in the queue. */
  queuedReviewId: number;
  /** The peer's about text, refused. */
  refusedReviewId: number;
}

export interface EconomyWorld {
  readonly ready: true;
  /** Coins in the owner's wallet for coins as a gift, through the ledger (balance-world.ts). */
  balance: BalanceWorld;
  /** A cheap gift and coins in the owner's wallet (gifts-world.ts). */
  gifts: GiftsWorld;
  /** Coins for premium in the owner's wallet (premium-world.ts). */
  premium: PremiumWorld;
  /** An owner's invoice paid at the test provider and its signed notice (payments-world.ts). */
  payments: PaymentsWorld;
}

export interface GiftsWorld {
  /** Active, 1 coin, not premium-only. */
  gift: GiftRow;
  /** An anonymous gift with a text, from the peer to the owner (hide it, remove its text). */
  received: UserGiftRow;
}

export interface ImWorld {
  /** Owner and peer; the peer has not read the owner's message. */
  channel: ImChannelRow;
  ownMessage: ImMessageRow;
  peerMessage: ImMessageRow;
  /** Stranger and outsider. */
  strangerChannel: ImChannelRow;
  strangerMessage: ImMessageRow;
}

export interface ForumWorld {
  category: ForumCategoryRow;
  thread: ForumThreadRow;
  /** The owner's reply (number 2): to edit and delete. */
  ownPost: ForumPostRow;
  /** The peer's reply (number 3), which the owner has liked. */
  peerPost: ForumPostRow;
}

/** A row the admin area edits: a PATCH sends its `updated_at` back (409 if it moved). */
export interface AdminRow {
  id: number;
  updated_at: string;
}

export interface AdminWorld {
  /** A smiley group with `smiley` and `spareSmiley` in it. */
  group: AdminRow;
  /** A group with no smiley: to delete. */
  emptyGroup: AdminRow;
  smiley: AdminRow;
  /** To delete. */
  spareSmiley: AdminRow;
  /** Used by nobody, with no file of its own (like every spare below: one to change, one to delete). */
  font: AdminRow;
  spareFont: AdminRow;
  /** Worn by nobody. */
  frame: AdminRow;
  spareFrame: AdminRow;
  /** Nobody's default. */
  sound: AdminRow;
  spareSound: AdminRow;
  /** Never sent. */
  gift: AdminRow;
  spareGift: AdminRow;
  /** The admin's complete upload, the picture of no gift yet. */
  uploadId: number;
  /** Releases of the `pc` app with a store link, not required. */
  release: AdminRow;
  spareRelease: AdminRow;
  /** A release version of the `android` app nobody has added. */
  releaseVersion: string;
  /** A static page of both languages, and its `updated_at`. */
  pageSlug: string;
  pageUpdatedAt: string;
  /** The settings' version, and the value `hide_moderator_names` has. */
  settingsVersion: string;
  hideModeratorNames: boolean;
  /** The moderator role's row of the permission table as stored. */
  moderatorRole: { permissions: string[]; updated_at: string };
  /** The agreement's current version. */
  agreementVersion: number;
}

export interface ArtWorld {
  group: ArtGroupRow;
  /** The owner's post: to edit and delete. */
  ownPost: ArtPostRow;
  /** The peer's post: to like and comment on; the owner's comment is on it. */
  peerPost: ArtPostRow;
  ownComment: ArtCommentRow;
  /** The owner's complete `purpose=art` upload, on no post yet. */
  uploadId: number;
}

export interface VideoWorld {
  /** The owner's hold on the room's call. */
  ownerCallId: string;
}

export interface SignInWorld {
  /** The browser's key of a first sign-in (Telegram) waiting for its nick. */
  signupKey: string;
}

export interface MailWorld {
  /** Signed in, an address of its own waiting for the code mailed to it. */
  confirmer: Client;
  /** The code and the link's token of that mail. */
  code: string;
  confirmToken: string;
  /** An account whose address is confirmed, signed in, with a reset link mailed. */
  resetter: Client;
  resetToken: string;
}

export interface ModerationWorld {
  /** Filled in by the moderation features as their cases need fixtures. */
  readonly ready: true;
  /** A gagged troll and their gag (sanctions-world.ts). */
  sanctions: SanctionsWorld;
  /** Reviews of profile texts: one waiting, one refused (content-reviews-world.ts). */
  content: ContentReviewsWorld;
  /** An open complaint of the owner's, the sanctioned person's appeal (complaints-world.ts). */
  complaints: ComplaintsWorld;
}

export interface PaymentsWorld {
  /** The test provider's notice: its JSON (as an object: injected, it is the same bytes). */
  notice: Record<string, unknown>;
  signature: string;
}

export interface PremiumWorld {
  /** Coins the owner got for premium (on top of the gifts' coins). */
  coins: number;
}

export interface ProfilesWorld {
  /** The code sent to the owner's waiting phone. */
  phoneCode: string;
  ownerPhotoId: number;
  /** The owner's complete upload (purpose photo), not in the gallery yet. */
  ownerUploadId: number;
  /** Named the owner as partner (married), waiting for the owner's answer. */
  suitorId: number;
  /** An account of its own, for the password change and the account deletion. */
  spare: Client;
}

export interface SanctionsWorld {
  /** Gagged for an hour by the moderator, and a troll; in no room, never signed in. */
  sanctioned: UserRow;
  gag: BanRow;
}

export interface SocialWorld {
  /** An unread notification of the owner. */
  ownerNotificationId: number;
  /** A second session of the outsider: a device the outsider may sign out. */
  outsiderSpareSessionId: number;
}
