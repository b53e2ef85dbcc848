import type { Attachment } from '@chat/shared';

/** What the realtime dispatcher calls when the server finished processing an upload. */
export interface UploadEventActions {
  attachmentReady(attachment: Attachment): void;
}
