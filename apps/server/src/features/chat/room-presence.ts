import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents } from '../../events/domain-events';
import type { RoomsRepository } from './rooms.repository';

/** A reload, or a tab closed while another opens, does not flicker others' lists. */
export const PRESENCE_GRACE_MS = 5_000;
/**
 * How old an entry must be before the sweep asks the sockets about it: the spec's activity
 * timeout and the pong wait (a socket that vanished with its network is closed by then), with
 * room for a slow first connection after entering.
 */
export const PRESENCE_STALE_MS = 150_000;

/** The timers the presence rules run on: real ones in the app, a hand-turned clock in tests. */
export interface PresenceTimers {
  now(): number;
  /** Runs `fn` after `ms`; the answer cancels it. */
  later(fn: () => void, ms: number): () => void;
}

export const realTimers: PresenceTimers = {
  now: () => Date.now(),
  later: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

type PresenceRooms = Pick<
  RoomsRepository,
  'markPresent' | 'markAbsent' | 'membership' | 'presentSince'
>;

/**
 * Whether a room's member is shown as there (issue 20, point 3). The socket server says when a
 * member's first socket joins the room's channel and when their last one on every node leaves
 * it; that is the truth, the `absent_since` column is what lists and counts read. Leaving waits
 * a short grace, then asks every node's sockets again: a reload or a second tab keeps the member
 * listed. The sweep catches what no socket will ever report: a member who entered and never
 * connected, or whose node died with its timers. Membership never changes here.
 */
export class RoomPresence {
  /** Members whose last socket left on this node, waiting out the grace. */
  private readonly pending = new Map<string, () => void>();
  private stopped = false;

  constructor(
    private readonly rooms: PresenceRooms,
    private readonly events: DomainEvents,
    /** The user ids with a socket on the room's channel now, over every node. */
    private readonly presentNow: (roomId: number) => Promise<ReadonlySet<number>>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly timers: PresenceTimers = realTimers,
    private readonly graceMs = PRESENCE_GRACE_MS,
  ) {}

  /** Told by the socket server: the member's first socket joined, or their last one left. */
  changed(roomId: number, userId: number, present: boolean): void {
    if (this.stopped) return;
    const key = `${roomId}:${userId}`;
    this.pending.get(key)?.();
    this.pending.delete(key);
    if (present) {
      this.run(this.arrived(roomId, userId));
      return;
    }
    const cancel = this.timers.later(() => {
      this.pending.delete(key);
      this.run(this.settle(roomId, userId));
    }, this.graceMs);
    this.pending.set(key, cancel);
  }

  /** Finds members counted present with no socket anywhere (entered before `staleMs` ago). */
  async sweep(staleMs = PRESENCE_STALE_MS): Promise<void> {
    const before = new Date(this.timers.now() - staleMs).toISOString();
    const byRoom = new Map<number, number[]>();
    for (const row of await this.rooms.presentSince(before)) {
      const ids = byRoom.get(row.room_id) ?? [];
      ids.push(row.user_id);
      byRoom.set(row.room_id, ids);
    }
    for (const [roomId, userIds] of byRoom) {
      const present = await this.presentNow(roomId);
      for (const userId of userIds) {
        if (!present.has(userId) && !this.pending.has(`${roomId}:${userId}`))
          await this.settle(roomId, userId);
      }
    }
  }

  /** Cancels what waits: the app is stopping and its database with it. */
  stop(): void {
    this.stopped = true;
    for (const cancel of this.pending.values()) cancel();
    this.pending.clear();
  }

  private async arrived(roomId: number, userId: number): Promise<void> {
    if (!(await this.rooms.markPresent(roomId, userId))) return;
    const membership = await this.rooms.membership(roomId, userId);
    if (!membership) return;
    this.events.emit('chat.user.presence', {
      roomId,
      userId,
      present: true,
      invisible: membership.invisible === 1,
    });
  }

  /** The grace is over: still no socket of theirs on any node? Then off the lists. */
  private async settle(roomId: number, userId: number): Promise<void> {
    if (this.stopped || (await this.presentNow(roomId)).has(userId)) return;
    const since = new Date(this.timers.now()).toISOString();
    if (!(await this.rooms.markAbsent(roomId, userId, since))) return;
    // A socket that joined while this was written read the row before the write (its join is
    // counted before it reads): asked again, it is seen, and the member stays listed.
    if ((await this.presentNow(roomId)).has(userId)) {
      await this.rooms.markPresent(roomId, userId);
      return;
    }
    const membership = await this.rooms.membership(roomId, userId);
    if (!membership) return;
    this.events.emit('chat.user.presence', {
      roomId,
      userId,
      present: false,
      invisible: membership.invisible === 1,
    });
  }

  private run(work: Promise<void>): void {
    work.catch((error: unknown) => {
      if (!this.stopped) this.log.error({ err: error }, 'room presence failed');
    });
  }
}
