import type { RealtimeEventMap, RealtimeEventName } from '@chat/shared';
import type { RealtimeServer } from './realtime-server';

/** The typed way for the server to send a realtime event: names and payloads from the event map. */
export class Broadcaster {
  constructor(private readonly server: RealtimeServer) {}

  /** Sends to one channel or to each of several; the payload is serialised once either way. */
  send<K extends RealtimeEventName>(
    channels: string | readonly string[],
    event: K,
    payload: RealtimeEventMap[K],
    options: { exceptSocketId?: string; exceptUserId?: number } = {},
  ): void {
    const data = JSON.stringify(payload);
    for (const channel of typeof channels === 'string' ? [channels] : channels)
      this.server.broadcast({
        channel,
        event,
        data,
        ...(options.exceptSocketId ? { except: options.exceptSocketId } : {}),
        ...(options.exceptUserId !== undefined ? { exceptUserId: options.exceptUserId } : {}),
      });
  }

  /** A user's sanctions now in force, to every node: refuses client events, ends room presence. */
  sanctions(userId: number, gagUntil: string | null, banUntil: string | null): void {
    this.server.sanctions.apply(userId, gagUntil, banUntil);
  }

  /** Closes the sockets of a signed-out session on every node (after its SessionEnded). */
  disconnectSession(sessionId: number): void {
    this.server.sessions.disconnect(sessionId);
  }
}
