import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 in lowercase hex, as every Pusher signature is written. */
export function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `key:signature` for a private or presence channel subscription. */
export function channelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  channelData?: string,
) {
  const text =
    channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${key}:${sign(secret, text)}`;
}

/** `key:signature` for pusher:signin (user authentication). */
export function userAuth(key: string, secret: string, socketId: string, userData: string) {
  return `${key}:${sign(secret, `${socketId}::user::${userData}`)}`;
}

export function verifyAuth(expected: string, given: unknown): boolean {
  return typeof given === 'string' && constantTimeEqual(expected, given);
}

export function md5Hex(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

/**
 * The string Pusher's HTTP API signs: method, path and the query parameters other than
 * auth_signature, with lowercased keys in byte order.
 */
export function httpApiStringToSign(
  method: string,
  path: string,
  query: Record<string, string>,
): string {
  const params = Object.keys(query)
    .filter((k) => k !== 'auth_signature')
    .map((k) => [k.toLowerCase(), query[k] ?? ''] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return `${method.toUpperCase()}\n${path}\n${params}`;
}
