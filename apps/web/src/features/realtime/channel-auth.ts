import type { Locale } from '@chat/shared';
import type { ChannelAuthorizationHandler } from 'pusher-js';

export interface ChannelAuthDeps {
  /** init.broadcasting.auth_endpoint (`/api/broadcasting/auth`). */
  endpoint: string;
  fetch: typeof fetch;
  getCookie: (name: string) => string | null;
  /** The session's API token, for a session that has no cookie (a Bearer client). */
  getApiToken: () => string | null;
  getLocale: () => Locale;
  /** Told of each refusal, with the HTTP status (0 for a lost network). */
  onFailure: (channelName: string, status: number) => void;
  timeoutMs?: number;
}

/** Pusher's answer to a channel authorization (no envelope). */
export interface ChannelAuthorizationData {
  auth: string;
  channel_data?: string;
}

export class ChannelAuthError extends Error {
  readonly status: number;
  constructor(channelName: string, status: number) {
    super(`channel authorization failed for ${channelName}: ${status}`);
    this.name = 'ChannelAuthError';
    this.status = status;
  }
}

const AUTH_TIMEOUT_MS = 10_000;

function isAuthData(value: unknown): value is ChannelAuthorizationData {
  if (typeof value !== 'object' || value === null) return false;
  const { auth, channel_data: channelData } = value as Record<string, unknown>;
  return typeof auth === 'string' && (channelData === undefined || typeof channelData === 'string');
}

/**
 * pusher-js's channel authorization through our endpoint, with the session's cookie and the
 * XSRF header (or the Bearer token). Not through the site's API client: this answer is Pusher's
 * bare `{ auth, channel_data }` rather than our envelope, and a refusal is not the user's
 * business as a toast; `onFailure` decides what, if anything, to show.
 */
export function createChannelAuthorizer(deps: ChannelAuthDeps): ChannelAuthorizationHandler {
  async function authorize(socketId: string, channelName: string) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Localization': deps.getLocale(),
      'X-Requested-With': 'XMLHttpRequest',
      'X-Socket-ID': socketId,
    };
    const xsrf = deps.getCookie('XSRF-TOKEN');
    const token = deps.getApiToken();
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    else if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await deps.fetch(deps.endpoint, {
        method: 'POST',
        credentials: 'include',
        headers,
        body: JSON.stringify({ socket_id: socketId, channel_name: channelName }),
        signal: AbortSignal.timeout(deps.timeoutMs ?? AUTH_TIMEOUT_MS),
      });
    } catch {
      throw new ChannelAuthError(channelName, 0);
    }
    const body: unknown = response.ok ? await response.json().catch(() => null) : null;
    if (!response.ok || !isAuthData(body)) throw new ChannelAuthError(channelName, response.status);
    return body;
  }

  return ({ socketId, channelName }, callback) => {
    authorize(socketId, channelName).then(
      (data) => callback(null, data),
      (error: unknown) => {
        const failure =
          error instanceof ChannelAuthError ? error : new ChannelAuthError(channelName, 0);
        deps.onFailure(channelName, failure.status);
        callback(failure, null);
      },
    );
  };
}
