import { createHmac } from 'node:crypto';
import type { IceServer, VideoIceAnswer } from '@chat/shared';
import type { VideoConfig } from '../../config';

/**
 * The STUN and TURN servers one person's browser gets. TURN credentials follow coturn's REST
 * scheme (`use-auth-secret`, draft-uberti-behave-turn-rest): the user name is
 * `{expiry in unix seconds}:{user id}` and the password the base64 HMAC-SHA1 of that name
 * under the secret coturn shares with the site. coturn checks both without asking the site, and
 * refuses them after the expiry, so nothing lasting reaches a browser.
 */
export function iceServersFor(
  config: Pick<VideoConfig, 'stunUrls' | 'turnUrls' | 'turnSecret' | 'turnTtlSeconds'>,
  userId: number,
  now: Date = new Date(),
): VideoIceAnswer {
  const servers: IceServer[] = [];
  if (config.stunUrls.length > 0) servers.push({ urls: [...config.stunUrls] });
  if (config.turnUrls.length === 0 || config.turnSecret === null)
    return { ice_servers: servers, ice_expires_at: null };
  const expiry = Math.floor(now.getTime() / 1000) + config.turnTtlSeconds;
  const username = `${expiry}:${userId}`;
  servers.push({
    urls: [...config.turnUrls],
    username,
    credential: turnCredential(config.turnSecret, username),
  });
  return { ice_servers: servers, ice_expires_at: new Date(expiry * 1000).toISOString() };
}

/** coturn's password for a REST user name: base64(HMAC-SHA1(secret, username)). */
export function turnCredential(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64');
}
