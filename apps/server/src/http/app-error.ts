import { STATUS_OF, type ErrorCode } from '@chat/shared';
import type { MessageKey } from './messages';

/**
 * The one error type services throw. The error handler turns it into the API envelope, with the
 * message in the caller's language; `errors` holds message keys per field for 422 answers.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: {
      status?: number;
      messageKey?: MessageKey;
      errors?: Record<string, MessageKey[]>;
      headers?: Record<string, string>;
      /** Values for `{name}` placeholders in the texts, e.g. the nick of who took a complaint. */
      params?: Record<string, string>;
    } = {},
  ) {
    super(code);
    this.status = options.status ?? STATUS_OF[code];
  }
}

export const unauthenticated = () => new AppError('unauthenticated');
export const forbidden = (messageKey?: MessageKey) =>
  new AppError('forbidden', messageKey ? { messageKey } : {});
export const guestForbidden = () => new AppError('guest');
export const notFound = () => new AppError('not_found');
/** 409: the thing changed since the caller read it (two admins at once): read it again. */
export const conflict = () => new AppError('conflict');

/** A 422 naming the fields at fault, e.g. `invalid({ nick: ['nick.taken'] })`. */
export const invalid = (errors: Record<string, MessageKey[]>) =>
  new AppError('validation', { errors });
