import type { RealtimeEventMap, RealtimeEventName } from '@chat/shared';
import type { RealtimeServer } from './realtime-server';

/** The typed way for the server to send a realtime event: names and payloads from the event map. */
export class Broadcaster {
  constructor(private readonly server: RealtimeServer) {}

  send<K extends RealtimeEventName>(
    channel: string,
    event: K,
    payload: RealtimeEventMap[K],
    options: { exceptSocketId?: string } = {},
  ): void {
    this.server.broadcast({
      channel,
      event,
      data: JSON.stringify(payload),
      ...(options.exceptSocketId ? { except: options.exceptSocketId } : {}),
    });
  }
}
