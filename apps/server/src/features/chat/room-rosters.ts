import { mentionIndex, ROOM_STATE, type MentionIndex } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import { BoundedCache } from '../../lib/cache/bounded-cache';
import type { InvalidationBus } from '../../lib/cache/invalidation-bus';
import type { RoomsRepository } from './rooms.repository';

export interface RosterMember {
  id: number;
  nick: string;
  nick_key: string;
  invisible: number;
}

export type Roster = ReadonlyMap<number, RosterMember>;

const MAX_ROOMS = 5_000;
/** A backstop only: entering, leaving, visibility and nick changes drop a roster at once. */
const TTL_MS = 10 * 60_000;

/**
 * Each room's members with their nicks, kept in memory: a post asks "is the author a member"
 * and "whom does the text mention" of the same list. Dropped on every node when someone enters
 * or leaves, turns invisible or visible, or changes their nick.
 */
export class RoomRosters {
  private readonly cache = new BoundedCache<number, Roster>(MAX_ROOMS, TTL_MS);
  /** Each cached roster's nicks indexed for mentions, built on the first post that needs it. */
  private readonly indexes = new WeakMap<Roster, MentionIndex<RosterMember>>();

  constructor(
    private readonly rooms: RoomsRepository,
    private readonly bus: InvalidationBus,
  ) {
    bus.on('room', (roomId) => this.cache.delete(Number(roomId)));
    bus.on('room-member', (userId) => this.cache.deleteWhere((r) => r.has(Number(userId))));
    bus.on('*', () => this.cache.clear());
  }

  async of(roomId: number): Promise<Roster> {
    const read = async () => {
      const members = await this.rooms.memberNicks(roomId);
      return new Map(members.map((m) => [m.id, m]));
    };
    // Deaf to the other nodes (Redis down), memory could keep someone who left a member.
    if (!this.bus.live) return read();
    return (await this.cache.load(roomId, read)) ?? new Map();
  }

  /** The room's members indexed by nick for findTypedMentions; follows the roster's life. */
  async mentionIndex(roomId: number): Promise<MentionIndex<RosterMember>> {
    const roster = await this.of(roomId);
    let index = this.indexes.get(roster);
    if (!index) {
      index = mentionIndex([...roster.values()]);
      this.indexes.set(roster, index);
    }
    return index;
  }

  async isMember(roomId: number, userId: number): Promise<boolean> {
    return (await this.of(roomId)).has(userId);
  }

  listenTo(events: DomainEvents): void {
    const room = (roomId: number) => void this.bus.publish('room', roomId);
    const member = (userId: number) => void this.bus.publish('room-member', userId);
    events.on('chat.user.entered', ({ roomId }) => room(roomId));
    events.on('chat.user.state', ({ roomId, stateId }) => {
      if (stateId === ROOM_STATE.leaving) room(roomId);
    });
    events.on('chat.user.visibility', ({ roomId }) => room(roomId));
    events.on('chat.user.left_chat', ({ userId }) => member(userId));
    events.on('user.nick', ({ userId }) => member(userId));
    events.on('user.deleted', ({ userId }) => member(userId));
    // A guest who registers under their guest nick keeps the account; the nick's case may change.
    events.on('auth.signed_in', ({ userId, how }) => {
      if (how === 'register') member(userId);
    });
  }
}
