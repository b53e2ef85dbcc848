import type { AcceptedMime } from './image-processor';

/**
 * The type a file's first bytes announce, or null. Only the accepted raster formats are
 * recognised; anything else (SVG, HTML, archives) is refused before any decoder sees it.
 */
export function sniffImageType(head: Buffer): AcceptedMime | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return 'image/jpeg';
  if (head.subarray(0, 8).equals(PNG)) return 'image/png';
  const ascii = head.subarray(0, 6).toString('latin1');
  if (ascii === 'GIF87a' || ascii === 'GIF89a') return 'image/gif';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
