import { parseChannel } from '@chat/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../db/schema';
import type { ControlMessage, RealtimeAdapter } from './adapters/adapter';
import type { Connection } from './connection';
import { frame } from './protocol';

/** Ends in epoch milliseconds, 0 when none: compared with the clock on every check. */
interface Ends {
  gag: number;
  ban: number;
}

type SanctionsMessage = Extract<ControlMessage, { type: 'sanctions' }>;
type SanctionColumns = Pick<UserRow, 'id' | 'gag_until' | 'ban_until'>;

const endOf = (until: string | null): number => {
  const at = until === null ? 0 : Date.parse(until);
  return Number.isFinite(at) ? at : 0;
};

/**
 * This node's view of who is gagged or banned, so the socket server can refuse their client
 * events and room presence without a database read. It learns from `moderation.sanctions`
 * (every node hears it through the adapter) and from the user row at channel auth (a node that
 * started after the sanction). Only sanctioned users are kept; a sanction over by time stops
 * counting at once because the ends are compared with the clock, not waited for.
 */
export class SanctionsGuard {
  private readonly ends = new Map<number, Ends>();

  constructor(
    /** This node's sockets by id (the server's own map, read here). */
    private readonly connections: ReadonlyMap<string, Connection>,
    private readonly adapter: RealtimeAdapter,
    private readonly log: FastifyBaseLogger,
    /** Takes a socket out of a channel as an unsubscribe would (presence, member_removed). */
    private readonly drop: (conn: Connection, channel: string) => Promise<void>,
  ) {}

  /** The sanctions now in force for a user: here and on every other node. */
  apply(userId: number, gagUntil: string | null, banUntil: string | null): void {
    this.applyLocal(userId, gagUntil, banUntil);
    this.sendControl({ type: 'sanctions', userId, gagUntil, banUntil });
  }

  /**
   * What the user row says at channel auth. The socket may sit on another node, which may not
   * have heard of a sanction given before it started: that node is told, only when one is in
   * force (unsanctioned users cost nothing).
   */
  noteUser(socketId: string, user: SanctionColumns): void {
    this.remember(user.id, user.gag_until, user.ban_until);
    if (!this.connections.has(socketId) && this.ends.has(user.id))
      this.sendControl({
        type: 'sanctions',
        userId: user.id,
        gagUntil: user.gag_until,
        banUntil: user.ban_until,
      });
  }

  /** A control message from another node (the adapter hands every one here). */
  onControl(message: ControlMessage): void {
    if (message.type !== 'sanctions' || !Number.isInteger(message.userId)) return;
    const until = (value: unknown) => (typeof value === 'string' ? value : null);
    this.applyLocal(message.userId, until(message.gagUntil), until(message.banUntil));
  }

  /** A banned user may not be present in rooms (checked again at subscribe: auth may predate the ban). */
  refusesPresence(channel: string, userId: string): boolean {
    return this.banned(Number(userId), Date.now()) && parseChannel(channel).kind === 'room';
  }

  /**
   * Whether a client event of this socket on this channel is refused (gag or ban in force).
   * One map lookup, and none at all while nobody on this node's record is sanctioned.
   */
  silences(conn: Connection, channel: string, now: number): boolean {
    if (this.ends.size === 0) return false;
    const id = conn.presence?.get(channel)?.userId ?? conn.sessionUserId;
    if (id === null) return false;
    const userId = Number(id);
    const ends = this.ends.get(userId);
    if (!ends) return false;
    if (ends.gag > now || ends.ban > now) return true;
    this.ends.delete(userId);
    return false;
  }

  private banned(userId: number, now: number): boolean {
    return (this.ends.get(userId)?.ban ?? 0) > now;
  }

  private remember(userId: number, gagUntil: string | null, banUntil: string | null): void {
    const now = Date.now();
    const ends = { gag: endOf(gagUntil), ban: endOf(banUntil) };
    if (ends.gag > now || ends.ban > now) this.ends.set(userId, ends);
    else this.ends.delete(userId);
  }

  private applyLocal(userId: number, gagUntil: string | null, banUntil: string | null): void {
    this.remember(userId, gagUntil, banUntil);
    if (this.banned(userId, Date.now())) this.endRoomPresence(String(userId));
  }

  /**
   * Every local socket of the user leaves its rooms' presence channels at once: the others get
   * `member_removed` (when no other socket of the user stays), the socket gets
   * `pusher:subscription_error` (403) for the channel. pusher-js hands that frame to the
   * channel's `pusher:subscription_error` listeners and keeps working; it subscribes again only
   * on a reconnect, which the auth route then refuses.
   */
  private endRoomPresence(userId: string): void {
    for (const conn of this.connections.values()) {
      if (!conn.presence?.size) continue;
      const rooms = [...conn.presence].filter(
        ([channel, seat]) => seat.userId === userId && parseChannel(channel).kind === 'room',
      );
      for (const [channel] of rooms) {
        conn.send(
          frame(
            'pusher:subscription_error',
            { type: 'AuthError', error: 'Banned', status: 403 },
            channel,
          ),
        );
        this.drop(conn, channel).catch((error: unknown) =>
          this.log.error({ err: error }, 'realtime drop of a banned member failed'),
        );
      }
    }
  }

  private sendControl(message: SanctionsMessage): void {
    this.adapter.control(message).catch((error: unknown) => {
      this.log.error({ err: error }, 'realtime control failed');
    });
  }
}
