import * as profileContent from '../../access/profile-content.policy';
import { viewerOf, type Viewer } from '../../access/viewer';
import {
  moscowMonthWindow,
  nickKey,
  type ContentModeration,
  type Locale,
  type Frame,
  type Profile,
  type ProfilesPage,
  type ProfileTab,
  type SentGift,
} from '@chat/shared';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { presentPublicUser } from '../users/user.presenter';
import {
  ageOf,
  genderOf,
  maritalOf,
  presentFrame,
  presentListItem,
  presentPhoto,
  stealthPercent,
} from './profiles.presenter';
import { HIDDEN_STATUSES, type ListPage, type ProfilesRepository } from './profiles.repository';
import type { SocialPorts } from './social-ports';

/** How many friends a profile page shows (the count says how many there are). */
const PROFILE_FRIENDS = 12;

/** What profiles read from content moderation: the reviews of one owner's text and photos. */
export interface ModerationLookup {
  moderationOf(ownerId: number): Promise<{
    about: ContentModeration | null;
    photos: Map<number, ContentModeration>;
  }>;
}

/** What profiles read from the economy: the gifts a person received, as the viewer sees them. */
export interface GiftsLookup {
  received(viewer: UserRow | null, recipient: UserRow, locale: Locale): Promise<SentGift[]>;
}

/** What profiles read from the quotes: how many of a person's messages others keep. */
export interface QuotesLookup {
  keptByOthers(authorId: number): Promise<number>;
}

/** What profiles read from the art section: how many of a person's posts the viewer may see. */
export interface ArtLookup {
  postsCountOf(viewer: Viewer, authorId: number): Promise<number>;
}

export interface ListQuery {
  page?: number | undefined;
  per_page?: number | undefined;
  q?: string | undefined;
}

/** Profile pages and the profiles lists (online, new, top of the month, nick search). */
export class ProfilesService {
  constructor(
    private readonly repo: ProfilesRepository,
    private readonly social: SocialPorts,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private moderation: ModerationLookup | null = null;

  /** Content moderation, once it exists (app.ts): profiles then show its state. */
  useModeration(lookup: ModerationLookup): void {
    this.moderation = lookup;
  }

  private gifts: GiftsLookup | null = null;

  /** The economy's gifts, once it exists (app.ts): profiles then show them. */
  useGifts(lookup: GiftsLookup): void {
    this.gifts = lookup;
  }

  private quotes: QuotesLookup | null = null;

  /** The quotes page's collection (features/quotes): profiles then count a person's kept lines. */
  useQuotes(lookup: QuotesLookup): void {
    this.quotes = lookup;
  }

  private art: ArtLookup | null = null;

  /** The art section (features/art, registered later): profiles then count a person's posts. */
  useArt(lookup: ArtLookup): void {
    this.art = lookup;
  }

  async profile(viewer: UserRow | null, slug: string, locale: Locale = 'ru'): Promise<Profile> {
    const owner = await this.repo.findBySlug(slug);
    if (!owner) throw notFound();
    const { user, invisible, sessionAt } = owner;
    const isSelf = viewer?.id === user.id;
    const asker = viewerOf(viewer);
    const seeRefused = profileContent.canSeeRefused(asker, user);
    // Every read at once: on PostgreSQL each is a round trip of its own.
    const [
      partner,
      photos,
      ignoring,
      friends,
      moderation,
      gifts,
      quotesKept,
      artPosts,
      violations,
    ] = await Promise.all([
      user.partner_id !== null && user.partner_confirmed_at !== null
        ? this.repo.findLive(user.partner_id)
        : undefined,
      this.repo.photos(user.id, !seeRefused),
      viewer && !isSelf ? this.repo.ignores(viewer.id, user.id) : false,
      this.social.profileFriends(user.id, isSelf ? null : (viewer?.id ?? null), PROFILE_FRIENDS),
      seeRefused && this.moderation ? this.moderation.moderationOf(user.id) : null,
      this.gifts ? this.gifts.received(viewer, user, locale) : [],
      this.quotes ? this.quotes.keptByOthers(user.id) : 0,
      this.art ? this.art.postsCountOf(asker, user.id) : 0,
      // Bans, gags and warnings (features/moderation), once that feature is wired.
      this.social.violationsOf?.(user.id) ?? 0,
    ]);
    const aboutHidden = (HIDDEN_STATUSES as readonly string[]).includes(user.about_status);
    const hideLastOnline = invisible && !isSelf && !profileContent.canSeeInvisible(asker);
    const friendship = friends.relation;
    return {
      user: presentPublicUser(user),
      about: aboutHidden && !seeRefused ? null : user.about,
      about_moderation: user.about !== null ? (moderation?.about ?? null) : null,
      gender: genderOf(user.gender),
      age: ageOf(user.birthdate, this.now()),
      marital_status: maritalOf(user.marital_status),
      partner: partner ? presentPublicUser(partner) : null,
      photos: photos.map((p) => presentPhoto(p, moderation?.photos.get(p.id) ?? null)),
      gifts,
      friends: friends.friends,
      friends_count: friends.count,
      quotes_kept_count: quotesKept,
      art_posts_count: artPosts,
      friendship,
      is_friend: friendship === 'friend',
      ignoring,
      is_self: isSelf,
      statistics: {
        last_online: hideLastOnline ? null : latest(user.active_at, sessionAt),
        public_messages: user.public_messages,
        private_messages: user.private_messages,
        registered_at: user.created_at,
        stealth_percent: stealthPercent(user.room_visits, user.stealth_visits),
        total_messages: user.public_messages + user.private_messages,
        violations,
      },
    };
  }

  async list(viewer: UserRow | null, tab: ProfileTab, query: ListQuery): Promise<ProfilesPage> {
    const perPage = query.per_page ?? 50;
    const seeInvisible = profileContent.canSeeInvisible(viewerOf(viewer));
    const currentPage = query.page ?? 1;
    const window = { limit: perPage, offset: (currentPage - 1) * perPage };
    let found: ListPage;
    let month: ProfilesPage['meta']['window'] = null;
    switch (tab) {
      case 'online':
        found = await this.repo.online(seeInvisible, window);
        break;
      case 'new':
        found = await this.repo.newest(window);
        break;
      case 'top':
        month = moscowMonthWindow(this.now());
        found = await this.repo.top(month.month, window);
        break;
      case 'search':
        found = await this.repo.searchByNickPrefix(nickKey((query.q ?? '').trim()), window);
        break;
    }
    const presence = await this.repo.presence(found.rows.map((r) => r.id));
    const today = this.now();
    return {
      data: found.rows.map((row) => {
        const here = presence.get(row.id);
        const hidden = (here?.invisible ?? false) && !seeInvisible && row.id !== viewer?.id;
        return presentListItem(row, { online: here !== undefined, hidden }, today);
      }),
      meta: {
        current_page: currentPage,
        last_page: Math.max(1, Math.ceil(found.total / perPage)),
        per_page: perPage,
        total: found.total,
        window: month,
        total_capped: found.capped,
      },
    };
  }

  async frames(locale: Locale): Promise<Frame[]> {
    return (await this.repo.frames()).map((f) => presentFrame(f, locale));
  }

  /** Statistics: a room entry is a visit (listener of chat.user.entered). */
  countVisit(userId: number): Promise<void> {
    return this.repo.countVisit(userId);
  }

  /** Statistics: going invisible makes the current visit stealthy, once. */
  countStealth(userId: number, roomId: number): Promise<void> {
    return this.repo.countStealth(userId, roomId);
  }
}

function latest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}
