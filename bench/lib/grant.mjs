import { CREDS } from './creds.mjs';
import { signedPath } from './pusher-sign.mjs';

/**
 * Grants a connected socket its private and presence channels as the account `userId`, through
 * the server's HTTP API (`POST /apps/{appId}/grants`, signed with the app secret), as the
 * channel auth grants a browser's socket: the server honours a signature only with a grant.
 * One round trip per socket, made once when it connects, as a real tab's auth calls are.
 */
export async function grant(wsUrl, socketId, userId, channels) {
  const body = JSON.stringify({ socket_id: socketId, user_id: Number(userId), channels });
  const path = signedPath(CREDS, 'POST', `/apps/${CREDS.appId}/grants`, body);
  const response = await fetch(`${wsUrl.replace(/^ws/, 'http')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  if (!response.ok) throw new Error(`grant ${channels.join(',')}: ${response.status}`);
}
