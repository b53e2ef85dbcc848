import type { FastifyBaseLogger } from 'fastify';
import type {
  Broadcast,
  ControlMessage,
  PresenceMember,
  RealtimeAdapter,
} from './adapters/adapter';
import type { Connection, PresenceSeat } from './connection';
import { isHiddenMember } from './protocol';

/**
 * Presence channels on this node: who joined as whom (each socket's seat), the members list a
 * subscriber is shown, and hidden members. A hidden member (invisible in the room) is left out
 * of the list and of `member_added` / `member_removed` for those who may not see hidden
 * members, and appears to or vanishes from them when the member turns visible or hidden.
 */
export class PresenceRegister {
  constructor(
    private readonly adapter: RealtimeAdapter,
    private readonly log: FastifyBaseLogger,
    private readonly broadcast: (message: Broadcast) => void,
    /** This node's subscribers of a channel. */
    private readonly subscribersOf: (channel: string) => Iterable<Connection>,
    /**
     * A user's first socket joined the channel, or their last one left it, counted over every
     * node: told once per change, by the node that saw it (or the one that reaped a dead node).
     */
    private readonly changed: (channel: string, userId: string, present: boolean) => void = () =>
      undefined,
  ) {}

  /**
   * Seats a socket that the server has just added to the channel; answers the members list it
   * may see, or null when the socket closed meanwhile.
   */
  async join(
    conn: Connection,
    channel: string,
    member: PresenceMember,
    seat: PresenceSeat,
  ): Promise<Record<string, unknown> | null> {
    (conn.presence ??= new Map()).set(channel, seat);
    let first: boolean;
    try {
      ({ first } = await this.adapter.join(channel, member));
    } catch (error) {
      // Not counted as present: the seat goes, and the caller takes the socket off the channel.
      conn.presence.delete(channel);
      throw error;
    }
    if (first) this.changed(channel, member.user_id, true);
    if (conn.closed) return null;
    if (first) {
      this.broadcast({
        channel,
        event: 'pusher_internal:member_added',
        data: JSON.stringify(member),
        except: conn.socketId,
        ...(seat.hidden ? { audience: { member: member.user_id, only: 'seers' } } : {}),
      });
    }
    return this.membersFor(channel, seat);
  }

  /** The members list as this seat may see it: hidden members only for seers, and oneself. */
  async membersFor(channel: string, seat: PresenceSeat): Promise<Record<string, unknown>> {
    const hash: Record<string, unknown> = {};
    for (const m of await this.adapter.members(channel)) {
      if (!seat.seesHidden && m.user_id !== seat.userId && isHiddenMember(m.user_info)) continue;
      hash[m.user_id] = m.user_info;
    }
    const ids = Object.keys(hash);
    return { ids, hash, count: ids.length };
  }

  /** The socket left the channel (the server already took it off the subscribers). */
  async leave(conn: Connection, channel: string): Promise<void> {
    const seat = conn.presence?.get(channel);
    if (seat === undefined) return;
    conn.presence?.delete(channel);
    const { last } = await this.adapter.leave(channel, seat.userId);
    if (last) this.memberRemoved(channel, seat.userId, seat.hidden);
  }

  /**
   * Told by this node or by the Redis reaper that a member has no connection left. A hidden
   * member's departure goes only to those who saw them (the reaper cannot tell: it tells all).
   */
  memberRemoved(channel: string, userId: string, hidden = false): void {
    this.changed(channel, userId, false);
    this.broadcast({
      channel,
      event: 'pusher_internal:member_removed',
      data: JSON.stringify({ user_id: userId }),
      ...(hidden ? { audience: { member: userId, only: 'seers' } } : {}),
    });
  }

  /**
   * A member turned hidden or visible (their info carries `invisible`): every node's seats
   * learn it, and those who may not see hidden members see them leave or arrive.
   */
  async setMemberHidden(channel: string, userId: string, hidden: boolean): Promise<void> {
    this.setSeatsHidden(channel, userId, hidden);
    this.adapter
      .control({ type: 'member-hidden', channel, userId, hidden })
      .catch((error: unknown) => this.log.error({ err: error }, 'realtime control failed'));
    const member = await this.adapter.setHidden(channel, userId, hidden);
    if (!member) return;
    this.broadcast({
      channel,
      event: hidden ? 'pusher_internal:member_removed' : 'pusher_internal:member_added',
      data: JSON.stringify(hidden ? { user_id: userId } : member),
      audience: { member: userId, only: 'others' },
    });
  }

  /** Another node's member turned hidden or visible. */
  onControl(message: ControlMessage): void {
    if (message.type === 'member-hidden' && typeof message.channel === 'string')
      this.setSeatsHidden(message.channel, String(message.userId), message.hidden === true);
  }

  private setSeatsHidden(channel: string, userId: string, hidden: boolean): void {
    for (const conn of this.subscribersOf(channel)) {
      const seat = conn.presence?.get(channel);
      if (seat?.userId === userId) seat.hidden = hidden;
    }
  }
}
