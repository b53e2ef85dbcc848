import type { ChannelName, EventsOf, KindOf } from '@chat/shared';
import type { Audience } from './adapters/adapter';
import type { RealtimeServer } from './realtime-server';

export interface SendOptions {
  /** The socket that caused the event does not get it ("to others"). */
  exceptSocketId?: string | undefined;
  /** That user's sockets do not get it (a troll does not learn they are one). */
  exceptUserId?: number;
  /**
   * The event is about a member hidden in that presence channel: only those who may see hidden
   * members, and the member, hear it.
   */
  hiddenMember?: number;
  /** The opposite audience: all but those who may see that member (and the member). */
  othersThanSeersOf?: number;
  /**
   * A troll's message in a presence channel: only the troll's own sockets and those that may
   * see trolls hear it (the others never learn it was written).
   */
  trollAuthor?: number;
}

/** The one audience the options name (they are alternatives: a broadcast has at most one). */
function audienceOf(options: SendOptions): Audience | undefined {
  if (options.hiddenMember !== undefined)
    return { member: String(options.hiddenMember), only: 'seers' };
  if (options.othersThanSeersOf !== undefined)
    return { member: String(options.othersThanSeersOf), only: 'others' };
  if (options.trollAuthor !== undefined)
    return { member: String(options.trollAuthor), only: 'troll' };
  return undefined;
}

/**
 * The typed way for the server to send a realtime event: a channel name typed by its kind
 * takes only that kind's events (packages/shared/src/realtime/events.ts), and the payload is
 * the same for every recipient (who hears it is the options' business).
 */
export class Broadcaster {
  constructor(private readonly server: RealtimeServer) {}

  /** Sends to one channel or to each of several; the payload is serialised once either way. */
  send<C extends ChannelName, E extends keyof EventsOf<KindOf<C>> & string>(
    channels: C | readonly C[],
    event: E,
    payload: EventsOf<KindOf<C>>[E],
    options: SendOptions = {},
  ): void {
    const data = JSON.stringify(payload);
    const audience = audienceOf(options);
    for (const channel of typeof channels === 'string' ? [channels] : channels)
      this.server.broadcast({
        channel,
        event,
        data,
        ...(options.exceptSocketId ? { except: options.exceptSocketId } : {}),
        ...(options.exceptUserId !== undefined ? { exceptUserId: options.exceptUserId } : {}),
        ...(audience ? { audience } : {}),
      });
  }

  /** A user's sanctions now in force, to every node: refuses client events, ends room presence. */
  sanctions(userId: number, gagUntil: string | null, banUntil: string | null): void {
    this.server.sanctions.apply(userId, gagUntil, banUntil);
  }

  /**
   * A session ended: the subscriptions it granted end on every node; with `close` (signed out
   * from elsewhere) its sockets left without a session close with 4009, after what was sent.
   */
  endSession(userId: number, sessionId: number, close: boolean): void {
    this.server.claims.endSession(userId, sessionId, close);
  }

  /** The user's sockets leave the channel on every node (they left the room). */
  unsubscribe(userId: number, channel: ChannelName): void {
    this.server.claims.dropUser(userId, channel);
  }

  /** Closes every socket of the user on every node (a full ban), after what was sent. */
  closeUserSockets(userId: number): void {
    this.server.claims.dropUser(userId, null);
  }

  /** A member went invisible or visible again in a presence channel. */
  setMemberHidden(channel: ChannelName, userId: number, hidden: boolean): Promise<void> {
    return this.server.setMemberHidden(channel, String(userId), hidden);
  }
}
