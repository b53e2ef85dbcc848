import type { SessionRow, UserRow } from '../db/schema';
import type { DomainEvents } from '../events/domain-events';
import type { SessionsRepository } from '../features/auth/sessions.repository';
import { BoundedCache } from '../lib/cache/bounded-cache';
import type { InvalidationBus } from '../lib/cache/invalidation-bus';

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
}

const MAX_SESSIONS = 20_000;
/** A backstop only: every change the cached fields care about drops the entry at once. */
const TTL_MS = 5 * 60_000;

/**
 * Token hash → session and user, for the routes that ask for it (`config.session: 'cached'`:
 * posting a chat message). What those routes read of the user is who they are (id, nick, its
 * style, avatar, frame, slug), what they may do (role, premium, troll) and their sanctions;
 * every change of those announces itself (user.*, premium, sanctions, sign-in over a guest),
 * and every signed-out session is dropped, on every node through the bus. The counters and
 * the wallet on the cached row may be old: no cached route reads them.
 */
export class SessionCache {
  private readonly cache = new BoundedCache<string, SessionWithUser>(MAX_SESSIONS, TTL_MS);

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly bus: InvalidationBus,
  ) {
    bus.on('session', (id) => this.cache.deleteWhere((v) => v.session.id === Number(id)));
    bus.on('user', (id) => this.cache.deleteWhere((v) => v.user.id === Number(id)));
    bus.on('*', () => this.cache.clear());
    sessions.onRemoved((ids) => ids.forEach((id) => void this.bus.publish('session', id)));
  }

  async find(tokenHash: string): Promise<SessionWithUser | null> {
    // Deaf to the other nodes (Redis down), memory could keep a signed-out session alive.
    if (!this.bus.live) return this.sessions.findWithUser(tokenHash);
    const found = await this.cache.load(
      tokenHash,
      async () => (await this.sessions.findWithUser(tokenHash)) ?? undefined,
    );
    return found ?? null;
  }

  /** The session was touched: the cached copy follows, so it is not touched again at once. */
  touched(tokenHash: string, lastActiveAt: string): void {
    const entry = this.cache.get(tokenHash);
    if (entry)
      this.cache.replace(tokenHash, {
        user: entry.user,
        session: { ...entry.session, last_active_at: lastActiveAt },
      });
  }

  /** Drops what is cached of this user, here and on every node. */
  userChanged(userId: number): Promise<void> {
    return this.bus.publish('user', userId);
  }

  /** Subscribes to every domain event that changes what a cached session says. */
  listenTo(events: DomainEvents): void {
    const drop = (userId: number) => void this.userChanged(userId);
    events.on('user.updated', ({ user }) => drop(user.id));
    events.on('user.troll', ({ userId }) => drop(userId));
    events.on('user.avatar', ({ userId }) => drop(userId));
    events.on('user.nick', ({ userId }) => drop(userId));
    events.on('user.frame', ({ userId }) => drop(userId));
    events.on('user.deleted', ({ userId }) => drop(userId));
    events.on('premium.changed', ({ userId }) => drop(userId));
    events.on('moderation.sanctions', ({ userId }) => drop(userId));
    events.on('moderation.sanctioned', ({ ban }) => drop(ban.user_id));
    // A guest who registers under their nick keeps the account: role and nick change.
    events.on('auth.signed_in', ({ userId }) => drop(userId));
    events.on('session.ended', ({ sessionId }) => void this.bus.publish('session', sessionId));
  }
}
