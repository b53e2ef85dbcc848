import type { Broadcast } from './adapters/adapter';
import type { Connection, PresenceSeat } from './connection';
import { CloseCode, errorFrame, Limits, type ClientFrame } from './protocol';
import type { SanctionsGuard } from './sanctions-guard';

/**
 * What a client event becomes when relayed: the payload every recipient gets, built by the
 * server from the client's data and the sender's seat (identity never comes from the client),
 * or null when the data is not of the event's shape.
 */
export type ClientEventRelay = (data: unknown, seat: PresenceSeat) => object | null;

/** The relay for a client event on a channel, or null where the app takes no such event. */
export type ClientEventRules = (channel: string, event: string) => ClientEventRelay | null;

/**
 * Checks a `client-*` event from a socket: only an event the channel takes, on a presence
 * channel the socket is a member of, within the rate and size limits, and not from a gagged or
 * banned user. Answers the broadcast to relay ("to others"; only to those who may see the
 * sender when the sender is hidden), or null after telling the socket why not.
 */
export function clientEventBroadcast(
  conn: Connection,
  message: ClientFrame,
  now: number,
  sanctions: SanctionsGuard,
  rules: ClientEventRules,
): Broadcast | null {
  const channel = message.channel;
  const seat = channel ? conn.presence?.get(channel) : undefined;
  const relay = channel && seat ? rules(channel, message.event) : null;
  if (!channel || !seat || !relay) {
    conn.send(errorFrame(null, 'This channel takes no such client event'));
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
  const raw = typeof message.data === 'string' ? message.data : JSON.stringify(message.data ?? {});
  if (Buffer.byteLength(raw) > Limits.maxEventBytes) {
    conn.send(errorFrame(null, 'Client event data too large'));
    return null;
  }
  const payload = relay(parseData(message.data), seat);
  if (!payload) {
    conn.send(errorFrame(null, 'Client event data of the wrong shape'));
    return null;
  }
  return {
    channel,
    event: message.event,
    data: JSON.stringify(payload),
    except: conn.socketId,
    userId: seat.userId,
    ...(seat.hidden ? { audience: { member: seat.userId, only: 'seers' as const } } : {}),
  };
}

function parseData(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}
