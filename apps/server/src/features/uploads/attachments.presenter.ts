import type { Attachment, AttachmentStatus } from '@chat/shared';
import type { AttachmentRow } from '../../db/schema';

/** The public URL of a stored file (served by files.routes.ts from any storage driver). */
export const storageUrl = (key: string): string => `/storage/${key}`;

export function presentAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    status: row.status as AttachmentStatus,
    mime: row.mime,
    width: row.width,
    height: row.height,
    size: row.size,
    adult: row.adult === 1 ? 1 : 0,
    url: row.status === 'complete' && row.file_key ? storageUrl(row.file_key) : null,
    thumb_url: row.status === 'complete' && row.thumb_key ? storageUrl(row.thumb_key) : null,
    error: row.error,
    created_at: row.created_at,
  };
}

/**
 * A picture shown as part of something marked 18+ (an art post its author marked): covered,
 * whatever the classifier said of the picture itself.
 */
export function coveredIn<T extends { adult: number }>(picture: T, adult: number): T;
export function coveredIn<T extends { adult: number }>(picture: T | null, adult: number): T | null;
export function coveredIn<T extends { adult: number }>(picture: T | null, adult: number) {
  return picture && adult === 1 ? { ...picture, adult: 1 } : picture;
}
