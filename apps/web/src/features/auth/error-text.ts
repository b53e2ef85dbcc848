import { ApiError } from '../../lib/api-error';

/**
 * What a failed call said, in the interface language (the server words its envelope in it): the
 * fields' messages when it named fields, else its message. Null when no answer came with words.
 */
export function apiErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const fields = Object.values(error.errors).flat();
  if (fields.length > 0) return fields.join(' ');
  return error.message.trim() === '' ? null : error.message;
}
