import { randomBytes } from 'node:crypto';
import { IMAGE_MAX_SIDE, THUMB_MAX_SIDE } from '@chat/shared';
import type { ArtContentTools } from '../../db/seed/seed-art';
import type { FileStorage } from '../../lib/storage/file-storage';
import { FORUM_CONTENT_TOOLS } from '../content/content-tools';
import { EXTENSION, PIXEL_BUDGET, processImage, type Rendition } from '../uploads/image-processor';

/**
 * How the demo art section's seed makes its posts: the forum's Markdown and slugs, and each
 * drawn picture processed as an upload is (re-encoded, bounded, a thumbnail made) and put in
 * the site's storage under a key like the pipeline's.
 */
export function artContentTools(storage: FileStorage): ArtContentTools {
  const put = async (rendition: Rendition) => {
    const key = `files/${randomBytes(16).toString('base64url')}.${EXTENSION[rendition.mime]}`;
    await storage.put(key, rendition.data, { contentType: rendition.mime });
    return key;
  };
  return {
    ...FORUM_CONTENT_TOOLS,
    async storePicture(file) {
      const { main, thumb } = await processImage(file, {
        ...PIXEL_BUDGET,
        maxSide: IMAGE_MAX_SIDE,
        thumbSide: THUMB_MAX_SIDE,
      });
      const [fileKey, thumbKey] = await Promise.all([put(main), put(thumb)]);
      return {
        mime: main.mime,
        width: main.width,
        height: main.height,
        size: main.data.length,
        file_key: fileKey,
        thumb_key: thumbKey,
      };
    },
  };
}
