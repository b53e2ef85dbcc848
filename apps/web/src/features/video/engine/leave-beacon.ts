import { apiDeps } from '../../../lib/api';
import { commonHeaders } from '../../../lib/api-client';

/**
 * The page is going away (closed, reloaded, navigated off the site) during a call: the server is
 * told at once rather than 20 seconds later. A keepalive fetch, not sendBeacon, since a cookie
 * session's post needs the XSRF header, which a beacon cannot carry.
 */
export function leaveOnPageHide(roomId: number, callId: string): void {
  try {
    void fetch(`/api/room/${roomId}/video/leave`, {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: {
        ...commonHeaders(apiDeps, apiDeps.getLocale()),
        'Content-Type': 'application/json',
      },
      // This hold only: a newer tab's call must not end with this page.
      body: JSON.stringify({ call_id: callId }),
    }).catch(() => undefined);
  } catch {
    // Best effort: the server takes the person out after its grace anyway.
  }
}
