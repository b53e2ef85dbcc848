import { randomFillSync } from 'node:crypto';
import type { RawData } from 'ws';
import type { PresenceMember } from './adapters/adapter';

/**
 * Pusher Channels protocol 7, as the official clients speak it. Close codes 4000-4099 tell the
 * client not to reconnect, 4100-4199 to back off, 4200-4299 to reconnect at once.
 */
export const PROTOCOL_VERSION = 7;
export const MIN_PROTOCOL_VERSION = 5;

export const CloseCode = {
  unknownApp: 4001,
  pathNotFound: 4005,
  badVersionFormat: 4006,
  unsupportedVersion: 4007,
  noVersion: 4008,
  unauthorized: 4009,
  overCapacity: 4100,
  reconnect: 4200,
  inactive: 4201,
  clientEventRateLimit: 4301,
} as const;

export const Limits = {
  activityTimeoutSeconds: 120,
  pongTimeoutMs: 30_000,
  /** A whole WebSocket frame; ws closes the socket with 1009 past it. */
  maxFrameBytes: 64 * 1024,
  /** The data of one event, as Pusher counts it. */
  maxEventBytes: 10 * 1024,
  /** user_info of a presence member. */
  maxMemberInfoBytes: 1024,
  maxChannelsPerConnection: 100,
  clientEventsPerSecond: 10,
  /** Any messages from one connection; past this it is a flood and the socket is closed. */
  messagesPerSecond: 100,
  maxEventNameLength: 200,
} as const;

export interface ServerFrame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

export function frame(event: string, data: unknown, channel?: string): string {
  return JSON.stringify(channel === undefined ? { event, data } : { event, channel, data });
}

export function errorFrame(code: number | null, message: string): string {
  return frame('pusher:error', { code, message });
}

/** A frame from a client, checked just enough to route it; null when it is not one. */
export interface ClientFrame {
  event: string;
  channel?: string;
  data: unknown;
}

export function parseClientFrame(text: string): ClientFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { event, channel, data } = value as Record<string, unknown>;
  if (typeof event !== 'string' || event.length === 0 || event.length > Limits.maxEventNameLength)
    return null;
  if (channel !== undefined && typeof channel !== 'string') return null;
  // pusher-js sends data as an object; some clients send it as a JSON string.
  let parsed = data;
  if (typeof data === 'string' && event.startsWith('pusher:')) {
    try {
      parsed = JSON.parse(data);
    } catch {
      parsed = data;
    }
  }
  return channel === undefined ? { event, data: parsed } : { event, channel, data: parsed };
}

/** Random bytes drawn in blocks: one system call per 512 sockets instead of one each. */
const entropy = Buffer.alloc(8 * 512);
let entropyAt = entropy.length;

/**
 * Pusher's socket id shape: two integers joined by a dot. The second is 64 random bits, so an
 * id cannot be guessed: only the socket that was told its id (and the page it serves) knows it,
 * which is what lets the channel auth treat knowing an id as owning that socket.
 */
export function newSocketId(nodeNumber: number): string {
  if (entropyAt === entropy.length) {
    randomFillSync(entropy);
    entropyAt = 0;
  }
  const random = entropy.readBigUInt64BE(entropyAt);
  entropyAt += 8;
  return `${nodeNumber}.${random}`;
}

export const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;

export function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

export function channelOf(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const channel = (data as Record<string, unknown>).channel;
  return typeof channel === 'string' ? channel : undefined;
}

/** A presence subscription's channel_data as the server signed it. */
export interface ParsedMember {
  member: PresenceMember;
  /** The subscriber may see hidden members (signed beside user_info, never shown to others). */
  seesHidden: boolean;
  /** The subscriber may see trolls' messages (signed likewise). */
  seesTrolls: boolean;
}

/** channel_data of a presence subscription: a user id and at most 1 KB of user_info. */
export function parseMember(channelData: string): ParsedMember | null {
  if (Buffer.byteLength(channelData) > Limits.maxMemberInfoBytes + 200) return null;
  let value: unknown;
  try {
    value = JSON.parse(channelData);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { user_id, user_info, sees_hidden, sees_trolls } = value as Record<string, unknown>;
  const id = typeof user_id === 'number' ? String(user_id) : user_id;
  if (typeof id !== 'string' || id.length === 0 || id.length > 128) return null;
  if (
    user_info !== undefined &&
    Buffer.byteLength(JSON.stringify(user_info)) > Limits.maxMemberInfoBytes
  )
    return null;
  return {
    member: { user_id: id, user_info: user_info ?? null },
    seesHidden: sees_hidden === true,
    seesTrolls: sees_trolls === true,
  };
}

/** Whether a member's info marks them hidden from those who may not see invisible members. */
export function isHiddenMember(info: unknown): boolean {
  return (
    typeof info === 'object' &&
    info !== null &&
    (info as { invisible?: unknown }).invisible === true
  );
}

export function parseUserId(userData: string): string | null {
  try {
    const value = JSON.parse(userData) as { id?: unknown };
    const id = typeof value.id === 'number' ? String(value.id) : value.id;
    return typeof id === 'string' && id.length > 0 && id.length <= 128 ? id : null;
  } catch {
    return null;
  }
}
