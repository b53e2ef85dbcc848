import type { Attachment } from '@chat/shared';

/**
 * A picture on its way into a message. `uploading` is bytes in flight, `processing` the server
 * re-encoding it (until `AttachmentReady`), `ready` a complete attachment whose id can be sent.
 */
export interface PendingUpload {
  /** Local id (the server's id is `attachment.id` once known). */
  id: string;
  /** Which message box holds it, e.g. `room:5` or `im:12`. */
  owner: string;
  name: string;
  /** An object URL of the file, for the preview before the server's thumbnail exists. */
  previewUrl: string;
  /** Marked 18+ by the person (the server's classifier may also set `attachment.adult`). */
  adult: boolean;
  state: 'uploading' | 'processing' | 'ready' | 'failed';
  /** 0..1 of the bytes sent. */
  progress: number;
  attachment: Attachment | null;
  /** Why it failed, in the person's language. */
  error: string | null;
  /** False when trying again cannot help (too large, not a picture). */
  retryable: boolean;
}

/** Whether a pending picture is (or will be) an adult one. */
export const isAdult = (item: PendingUpload): boolean => item.adult || item.attachment?.adult === 1;
