import { HOME_ROOMS, type HomeOverview } from '@chat/shared';
import * as profileContent from '../../access/profile-content.policy';
import * as roomPolicy from '../../access/room.policy';
import { ANONYMOUS } from '../../access/viewer';
import type { RoomsRepository } from '../chat/rooms.repository';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import { presentHomeRoom } from './home.presenter';
import type { HomeRepository } from './home.repository';

/** Every visitor asks; a few seconds old is fresh enough for a count of people online. */
export const HOME_CACHE_MS = 5_000;

/**
 * The home page's overview: one answer for every visitor, worked out for nobody in particular
 * (the anonymous viewer), so it may be shared: private rooms and invisible people never show,
 * whoever asks. Kept for HOME_CACHE_MS on each node.
 */
export class HomeService {
  private cached: { until: number; overview: Promise<HomeOverview> } | null = null;

  constructor(
    private readonly home: HomeRepository,
    private readonly rooms: Pick<RoomsRepository, 'userCounts'>,
    private readonly people: Pick<ProfilesRepository, 'online'>,
  ) {}

  overview(): Promise<HomeOverview> {
    const now = Date.now();
    if (this.cached && this.cached.until > now) return this.cached.overview;
    const overview = this.load();
    const entry = { until: now + HOME_CACHE_MS, overview };
    this.cached = entry;
    // A failure is not kept: the next visitor asks again.
    overview.catch(() => {
      if (this.cached === entry) this.cached = null;
    });
    return overview;
  }

  private async load(): Promise<HomeOverview> {
    const seesInvisible = profileContent.canSeeInvisible(ANONYMOUS);
    const [rooms, online] = await Promise.all([
      this.home.publicRooms(),
      // People → Online's own count, as an anonymous visitor reads it.
      this.people.online(seesInvisible, { limit: 0, offset: 0 }),
    ]);
    const listed = rooms.filter((room) => roomPolicy.isListedForAnyone(room));
    const counts = await this.rooms.userCounts(listed.map((room) => room.id));
    // Most people first; the rooms' own order among equals (sort is stable).
    const busiest = listed
      .map((room) => presentHomeRoom(room, counts.get(room.id) ?? 0))
      .sort((a, b) => b.users_count - a.users_count)
      .slice(0, HOME_ROOMS);
    return { online: online.total, rooms: busiest };
  }
}
