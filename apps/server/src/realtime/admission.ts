import { isPresenceChannel, isPrivateChannel, isValidChannelName } from '@chat/shared';
import type { PresenceMember } from './adapters/adapter';
import type { Connection, PresenceSeat } from './connection';
import {
  channelOf,
  CloseCode,
  Limits,
  MIN_PROTOCOL_VERSION,
  isHiddenMember,
  parseMember,
  PROTOCOL_VERSION,
} from './protocol';
import type { SanctionsGuard } from './sanctions-guard';
import { channelAuth, verifyAuth } from './signatures';

/**
 * Who may connect and subscribe, by the rules of Pusher's protocol: the handshake's path, app
 * key and version, and each subscription's channel name, signature and presence data. The
 * server's own state (closing, capacity, the subscriptions it keeps) stays with the server.
 */

/** A refused handshake: Pusher's close code and its message. */
export interface Refusal {
  code: number;
  message: string;
}

const APP_PATH = /^\/app\/([^/?]+)\/?$/;

/** Why a socket opened at `url` is turned away, or null when the handshake is right. */
export function handshakeRefusal(url: URL, appKey: string): Refusal | null {
  const match = APP_PATH.exec(url.pathname);
  if (!match) return { code: CloseCode.pathNotFound, message: 'Invalid path' };
  if (match[1] !== appKey)
    return { code: CloseCode.unknownApp, message: `App key ${match[1]} not in this cluster` };
  const protocol = url.searchParams.get('protocol');
  if (protocol === null)
    return { code: CloseCode.noVersion, message: 'No protocol version supplied' };
  if (!/^\d{1,3}$/.test(protocol))
    return { code: CloseCode.badVersionFormat, message: 'Invalid version string format' };
  const version = Number(protocol);
  if (version < MIN_PROTOCOL_VERSION || version > PROTOCOL_VERSION)
    return {
      code: CloseCode.unsupportedVersion,
      message: `Unsupported protocol version ${version}`,
    };
  return null;
}

/** What a `pusher:subscribe` may do: join (as a presence member), or the error to answer. */
export type SubscriptionCheck =
  | { ok: true; channel: string; member: PresenceMember | null; seat: PresenceSeat | null }
  | { ok: false; channel: string; type: string; error: string; status: number };

export interface SubscriptionRules {
  key: string;
  secret: string;
  /** Public channels a client may subscribe to without a signature. */
  isPublicChannel: (name: string) => boolean;
  sanctions: SanctionsGuard;
}

/**
 * A module function, not a closure made at every subscribe: the bundle (keepNames) names such
 * closures with Object.defineProperty, which makes each a slow dictionary-mode object.
 */
function refuse(channel: string, type: string, error: string, status: number): SubscriptionCheck {
  return { ok: false, channel, type, error, status };
}

export function checkSubscription(
  conn: Connection,
  data: unknown,
  rules: SubscriptionRules,
): SubscriptionCheck {
  const channel = channelOf(data);
  const fields = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  if (!isValidChannelName(channel))
    return refuse(
      String(channel ?? '').slice(0, 200),
      'InvalidChannel',
      'Invalid channel name',
      400,
    );
  if (!conn.subscribedTo(channel) && conn.channels.length >= Limits.maxChannelsPerConnection)
    return refuse(channel, 'LimitReached', 'Too many channels', 429);
  const { key, secret } = rules;
  if (isPresenceChannel(channel)) {
    const channelData = fields.channel_data;
    if (
      typeof channelData !== 'string' ||
      !verifyAuth(channelAuth(key, secret, conn.socketId, channel, channelData), fields.auth)
    )
      return refuse(channel, 'AuthError', 'Invalid signature', 401);
    if (!conn.grants?.has(channel)) return refuse(channel, 'AuthError', 'Not granted', 403);
    const parsed = parseMember(channelData);
    if (!parsed) return refuse(channel, 'InvalidChannelData', 'Invalid channel_data', 400);
    const { member, seesHidden, seesTrolls } = parsed;
    // The grant's account is the only one this socket may join as.
    if (member.user_id !== String(conn.sessionUserId))
      return refuse(channel, 'AuthError', 'Not granted', 403);
    if (rules.sanctions.refusesPresence(channel, member.user_id))
      return refuse(channel, 'AuthError', 'Banned', 403);
    const seat: PresenceSeat = {
      userId: member.user_id,
      nick: nickOf(member.user_info),
      hidden: isHiddenMember(member.user_info),
      seesHidden,
      seesTrolls,
    };
    return { ok: true, channel, member, seat };
  }
  if (isPrivateChannel(channel)) {
    if (!verifyAuth(channelAuth(key, secret, conn.socketId, channel), fields.auth))
      return refuse(channel, 'AuthError', 'Invalid signature', 401);
    // A signature outlives its session; the grant does not (socket-claims.ts).
    if (!conn.grants?.has(channel)) return refuse(channel, 'AuthError', 'Not granted', 403);
  } else if (!rules.isPublicChannel(channel)) {
    return refuse(channel, 'AuthError', 'No such channel', 403);
  }
  return { ok: true, channel, member: null, seat: null };
}

function nickOf(info: unknown): string {
  const nick = typeof info === 'object' && info !== null ? (info as { nick?: unknown }).nick : null;
  return typeof nick === 'string' ? nick : '';
}
