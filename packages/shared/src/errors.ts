/** Error codes of the API envelope (API.md). The client localises by code. */
export const ERROR_CODES = [
  'unauthenticated',
  'forbidden',
  'guest',
  // 403 for a person under a sanction: `banned` (a ban or full ban) or `gagged` (may not write).
  'banned',
  'gagged',
  'not_found',
  // 409: the thing changed since the caller read it (two admins editing it at once): read again.
  'conflict',
  // 403: a sign-in or registration posted from another site's page (login CSRF).
  'cross_site',
  'too_large',
  'session_expired',
  'validation',
  'too_many_requests',
  'server_error',
  // Video rooms (API.md "Video rooms"): the call holds its cap already (409); a moderator muted
  // the person (409 on turning the microphone on); the caller holds no place in this room's
  // call (403: state, ICE servers, signals); the person signalled is not in it (409: left or
  // never joined, so the browser drops its connection to them).
  'video.full',
  'video.muted_by_moderator',
  'video.not_in_call',
  'video.recipient_not_in_call',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const STATUS_OF: Record<ErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  guest: 403,
  banned: 403,
  gagged: 403,
  not_found: 404,
  conflict: 409,
  cross_site: 403,
  too_large: 413,
  session_expired: 419,
  validation: 422,
  too_many_requests: 429,
  server_error: 500,
  'video.full': 409,
  'video.muted_by_moderator': 409,
  'video.not_in_call': 403,
  'video.recipient_not_in_call': 409,
};

/** The error envelope every failed call answers with. */
export interface ErrorEnvelope {
  message: string;
  code?: ErrorCode;
  errors?: Record<string, string[]>;
}
