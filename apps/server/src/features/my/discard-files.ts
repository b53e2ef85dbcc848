import type { AttachmentRow } from '../../db/schema';
import type { FileStorage } from '../../lib/storage/file-storage';

/** Removes the stored files of attachments (a missing file is not an error). */
export async function discardFiles(storage: FileStorage, rows: AttachmentRow[]): Promise<void> {
  const keys = rows.flatMap((r) => [r.file_key, r.thumb_key, r.original_key]);
  for (const key of keys) if (key) await storage.delete(key);
}
