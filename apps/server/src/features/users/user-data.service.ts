import type { BanWire, Locale, NotificationWire, PublicUser, UserData } from '@chat/shared';
import type { UserRow } from '../../db/schema';
import type { CatalogService } from '../catalog/catalog.service';
import type { RecentSmileys } from '../catalog/recent-smileys';
import type { GifsService } from '../gifs/gifs.service';
import type { QuotesRepository } from '../quotes/quotes.repository';
import { presentUserData } from './user.presenter';
import type { UsersRepository } from './users.repository';

/** Gathers everything the client keeps about the signed-in user (init, sign-in answers). */
export class UserDataService {
  constructor(
    private readonly users: UsersRepository,
    private readonly quotes: Pick<QuotesRepository, 'messageIdsOf'>,
    private readonly catalog: CatalogService,
    private readonly gifs: GifsService,
    private readonly recentSmileys: RecentSmileys,
    /** The viewer's unread private messages (the IM feature's maintained counters). */
    private readonly imUnread: (userId: number) => Promise<number>,
    /** Friends and notifications (features/friends, features/notifications). */
    private readonly social?: SocialData,
  ) {}

  async forUser(user: UserRow, locale: Locale): Promise<UserData> {
    const [
      smileyGroups,
      ignoredUsers,
      quotes,
      recentGifs,
      recentSmileys,
      imUnreadCount,
      social,
      sanctions,
    ] = await Promise.all([
      this.catalog.smileyGroups(locale),
      this.users.ignoredBy(user.id),
      this.quotes.messageIdsOf(user.id),
      this.gifs.recent(user.id),
      this.recentSmileys.of(user.id),
      this.imUnread(user.id),
      this.socialOf(user.id),
      // Reads the bans table only when the row says a gag or ban is in force.
      this.social?.sanctions?.(user),
    ]);
    return presentUserData(user, {
      smileyGroups,
      ignoredUsers,
      quotes,
      recentGifs,
      recentSmileys,
      imUnreadCount,
      ...social,
      ...sanctions,
    });
  }

  private async socialOf(userId: number) {
    if (!this.social) return {};
    const [friends, notifications, unreadNotifications] = await Promise.all([
      this.social.friends(userId),
      this.social.notifications(userId),
      this.social.unreadNotifications(userId),
    ]);
    return { friends, notifications, unreadNotifications };
  }
}

export interface SocialData {
  friends(userId: number): Promise<PublicUser[]>;
  /** The newest notifications (the navbar dropdown). */
  notifications(userId: number): Promise<NotificationWire[]>;
  unreadNotifications(userId: number): Promise<number>;
  /** The user's own gag and ban in force (features/moderation BansService.mine). */
  sanctions?(user: UserRow): Promise<{ gag: BanWire | null; ban: BanWire | null }>;
}
