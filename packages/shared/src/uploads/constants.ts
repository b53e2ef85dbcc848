/** Limits of the one upload pipeline (API.md "Files and attachments"). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The longest side of a stored picture and of its thumbnail, in pixels. */
export const IMAGE_MAX_SIDE = 2048;
export const THUMB_MAX_SIDE = 320;
/** Pictures larger than this many pixels are refused before decoding (decompression bombs). */
export const IMAGE_MAX_PIXELS = 50_000_000;
/**
 * An animation is refused at upload when it has more frames than this, or when its canvas
 * counted once per frame (width × height × frames) is over ANIMATION_MAX_PIXELS: every frame is
 * decoded and re-encoded twice (picture and thumbnail), so that product is what processing
 * costs, and a tiny file can announce a huge one (a 1 KB GIF of 47 one-pixel frames on a
 * 1024×1024 canvas).
 */
export const IMAGE_MAX_FRAMES = 300;
export const ANIMATION_MAX_PIXELS = 16_000_000;
/** At most this many attachments on one message. */
export const ATTACHMENTS_PER_MESSAGE = 10;
/** Uploads a minute per user before 429. */
export const UPLOADS_PER_MINUTE = 30;

export const UPLOAD_PURPOSES = ['attachment', 'photo', 'art'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The spec's processing constants. */
export const ATTACHMENT_STATUSES = ['in-process', 'complete', 'error'] as const;
export type AttachmentStatus = (typeof ATTACHMENT_STATUSES)[number];

/** Content types accepted from people, decided by the file's bytes, never its name. */
export const ACCEPTED_IMAGE_MIME = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Why processing refused a picture (`error` of an attachment); clients localise them. */
export const ATTACHMENT_ERRORS = [
  'unsupported_type',
  'too_many_pixels',
  'too_many_frames',
  'broken',
  'failed',
] as const;
export type AttachmentError = (typeof ATTACHMENT_ERRORS)[number];
