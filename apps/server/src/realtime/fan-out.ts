import type { Socket } from 'node:net';
import { atEndOfTurn } from '../lib/end-of-turn';
import type { Audience } from './adapters/adapter';
import type { Connection } from './connection';
import { frameOnce, writableSocket } from './frames';

/** One broadcast waiting for the end of the event-loop turn. */
interface Pending {
  subscribers: ReadonlySet<Connection>;
  framed: Buffer;
  text: string;
  exceptSocketId: string | undefined;
  exceptUserId: number | undefined;
  audience: ChannelAudience | undefined;
}

/** An audience within one presence channel (see Audience): who there hears a broadcast. */
export interface ChannelAudience extends Audience {
  channel: string;
}

/**
 * Whether a socket is in the audience: seats say who is the member, who sees hidden ones and
 * who sees trolls. Only broadcasts that carry an audience ask (the hot path does not).
 */
export function hears(conn: Connection, audience: ChannelAudience): boolean {
  const seat = conn.presence?.get(audience.channel);
  const isMember = seat !== undefined && seat.userId === audience.member;
  if (audience.only === 'troll') return isMember || seat?.seesTrolls === true;
  const sees = isMember || seat?.seesHidden === true;
  return audience.only === 'seers' ? sees : !sees;
}

/**
 * Batches socket writes per event-loop turn. Broadcasts made during one turn (the ten events
 * of a `batch_events` call, posts that arrived together, messages from Redis) are written at
 * its end, and each socket gets one write for all of them instead of one per broadcast: the
 * write system call is most of a delivery's cost, so under load this is several times less CPU
 * per delivery, and at low rates it adds no wait (the flush runs right after the current I/O).
 *
 * Ordering stays exactly as if every write had been immediate, because the queue is flushed
 * before anything else is written to a socket (`beforeDirectWrite`) and before any
 * subscription changes (`beforeSubscriptionChange`): a socket gets its frames in broadcast
 * order, and a broadcast reaches exactly the sockets subscribed when it was made.
 */
export class FanOut {
  private readonly pending: Pending[] = [];
  private scheduled = false;
  /** Increments per flush; a connection corked in this flush carries the same number. */
  private epoch = 0;
  private readonly corked: Socket[] = [];
  private readonly flushNow = () => this.flush();

  /** Frames a broadcast once and queues it for the subscribers. */
  enqueue(
    subscribers: ReadonlySet<Connection>,
    text: string,
    exceptSocketId?: string,
    exceptUserId?: number,
    audience?: ChannelAudience,
  ): void {
    this.pending.push({
      subscribers,
      framed: frameOnce(text),
      text,
      exceptSocketId,
      exceptUserId,
      audience,
    });
    if (!this.scheduled) {
      this.scheduled = true;
      atEndOfTurn('send', this.flushNow);
    }
  }

  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  /** Call before writing to a socket outside the fan-out. */
  beforeDirectWrite(): void {
    if (this.pending.length > 0) this.flush();
  }

  /** Call before adding a socket to or removing it from a channel's subscribers. */
  beforeSubscriptionChange(): void {
    if (this.pending.length > 0) this.flush();
  }

  /**
   * Writes everything queued. Consecutive broadcasts to the same subscribers with the same
   * exclusions become one buffer written once per socket; when a turn mixes several audiences,
   * sockets are corked on their first write so that each still costs one `writev`.
   */
  flush(): void {
    this.scheduled = false;
    const pending = this.pending;
    const count = pending.length;
    if (count === 0) return;
    // Taken out first: a write can fail synchronously and close a socket, which must not find
    // these broadcasts still queued.
    const batch = pending.splice(0, count);
    let mixed = false;
    for (let i = 1; i < count && !mixed; i++) mixed = !sameAudience(batch[0]!, batch[i]!);
    if (mixed) this.epoch += 1;
    try {
      let start = 0;
      while (start < count) {
        let end = start + 1;
        while (end < count && sameAudience(batch[start]!, batch[end]!)) end += 1;
        this.writeGroup(batch, start, end, mixed);
        start = end;
      }
    } finally {
      // Whatever happened, no socket stays corked.
      for (const socket of this.corked) socket.uncork();
      this.corked.length = 0;
    }
  }

  private writeGroup(batch: Pending[], start: number, end: number, cork: boolean): void {
    const first = batch[start]!;
    const bytes =
      end - start === 1
        ? first.framed
        : Buffer.concat(batch.slice(start, end).map((entry) => entry.framed));
    const { exceptSocketId, exceptUserId, audience } = first;
    for (const conn of first.subscribers) {
      if (conn.socketId === exceptSocketId) continue;
      if (exceptUserId !== undefined && conn.sessionUserId === exceptUserId) continue;
      if (audience !== undefined && !hears(conn, audience)) continue;
      const socket = writableSocket(conn.ws);
      if (socket === null) {
        // ws is busy with a frame of its own (or the socket is closing): let it queue ours.
        for (let i = start; i < end; i++) conn.sendText(batch[i]!.text);
        continue;
      }
      if (cork && conn.corkEpoch !== this.epoch) {
        conn.corkEpoch = this.epoch;
        socket.cork();
        this.corked.push(socket);
      }
      socket.write(bytes);
    }
  }
}

/** True when two broadcasts go to exactly the same sockets. */
function sameAudience(a: Pending, b: Pending): boolean {
  return (
    a.subscribers === b.subscribers &&
    a.exceptSocketId === b.exceptSocketId &&
    a.exceptUserId === b.exceptUserId &&
    a.audience === b.audience
  );
}
