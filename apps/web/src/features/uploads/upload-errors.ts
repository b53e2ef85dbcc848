import { ACCEPTED_IMAGE_MIME, UPLOAD_MAX_BYTES, type Attachment, type Locale } from '@chat/shared';
import { errorToastText, type FailedResponse, type Translate } from '../../lib/error-toast';

export interface FailureText {
  text: string;
  /** Also shown as a toast (a rate limit concerns every upload, not this picture alone). */
  toast: boolean;
  retryable: boolean;
}

const SESSION_STATUSES = new Set([401, 403, 419]);

/**
 * Why an upload failed, in the person's words. The spec's "An unknown file upload error
 * occured." is said only when nothing better is known. `failed` null: no answer at all.
 */
export function uploadFailureText(
  failed: FailedResponse | null,
  locale: Locale,
  now: number,
  t: Translate,
): FailureText {
  if (failed === null)
    return { text: t('uploads:errors.network', locale), toast: false, retryable: true };
  const { status, envelope } = failed;
  if (status === 413)
    return { text: t('uploads:errors.tooLarge', locale), toast: false, retryable: false };
  if (status === 422 && envelope?.errors?.file !== undefined) {
    // The server says which limit the picture broke (too many pixels or frames), already in
    // the interface language; our own words only when it says nothing.
    const said = envelope.errors.file[0]?.trim();
    return {
      text: said || t('uploads:errors.notAccepted', locale),
      toast: false,
      retryable: false,
    };
  }
  if (status === 429) {
    return { text: errorToastText(failed, locale, now, t), toast: true, retryable: true };
  }
  if (SESSION_STATUSES.has(status)) {
    return { text: errorToastText(failed, locale, now, t), toast: false, retryable: true };
  }
  return { text: t('uploads:errors.unknown', locale), toast: false, retryable: true };
}

/** The text of a processing failure (`AttachmentReady` with `status` `error`), by its code. */
export function processingErrorText(attachment: Attachment, locale: Locale, t: Translate): string {
  const code = attachment.error;
  if (code !== null && /^[a-z_]+$/.test(code)) {
    const key = `uploads:processingError.${code}`;
    const text = t(key, locale);
    // i18next answers the key itself for a code it does not know.
    if (text !== key && text !== `processingError.${code}`) return text;
  }
  return t('uploads:errors.unknown', locale);
}

export type LocalCheck = 'tooLarge' | 'notAccepted' | null;

/** What can be told before sending a byte: the type by its MIME type, the size by the limit. */
export function checkFile(file: Blob, maxBytes: number = UPLOAD_MAX_BYTES): LocalCheck {
  if (!(ACCEPTED_IMAGE_MIME as readonly string[]).includes(file.type)) return 'notAccepted';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}
