import { isPresenceChannel, isPrivateChannel } from '@chat/shared';
import type { Broadcast } from './adapters/adapter';
import type { Connection } from './connection';
import { CloseCode, errorFrame, Limits, type ClientFrame } from './protocol';
import type { SanctionsGuard } from './sanctions-guard';

/**
 * Checks a `client-*` event from a socket: only on a private or presence channel it is in, within
 * the rate and size limits, and not from a gagged or banned user. Answers the broadcast to relay
 * ("to others"), or null after telling the socket why not with a `pusher:error` frame.
 */
export function clientEventBroadcast(
  conn: Connection,
  message: ClientFrame,
  now: number,
  sanctions: SanctionsGuard,
): Broadcast | null {
  const channel = message.channel;
  if (
    !channel ||
    !(isPrivateChannel(channel) || isPresenceChannel(channel)) ||
    !conn.subscribedTo(channel)
  ) {
    conn.send(
      errorFrame(null, 'Client events need a private or presence channel you are subscribed to'),
    );
    return null;
  }
  if (!conn.takeClientEvent(Limits.clientEventsPerSecond, now)) {
    conn.send(
      errorFrame(CloseCode.clientEventRateLimit, 'Client event rejected due to rate limit'),
    );
    return null;
  }
  if (sanctions.silences(conn, channel, now)) {
    conn.send(errorFrame(null, 'Client event rejected: you may not write now'));
    return null;
  }
  const data = typeof message.data === 'string' ? message.data : JSON.stringify(message.data ?? {});
  if (Buffer.byteLength(data) > Limits.maxEventBytes) {
    conn.send(errorFrame(null, 'Client event data too large'));
    return null;
  }
  const userId = conn.presence?.get(channel);
  return {
    channel,
    event: message.event,
    data,
    except: conn.socketId,
    ...(userId !== undefined ? { userId } : {}),
  };
}
