import { IMAGE_MAX_PIXELS, type ACCEPTED_IMAGE_MIME, type AttachmentError } from '@chat/shared';
import sharp, { type Metadata, type Sharp } from 'sharp';

export type AcceptedMime = (typeof ACCEPTED_IMAGE_MIME)[number];

/**
 * Why a picture was refused; the code goes to the client in `error` (it localises it). Every
 * refusal is one of the shared attachment errors but `failed`, the catch-all.
 */
export type ImageRefusal = Exclude<AttachmentError, 'failed'>;

export class ImageRefused extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(reason);
  }
}

const FORMATS: Record<string, AcceptedMime> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

export const EXTENSION: Record<AcceptedMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export interface ImageLimits {
  maxPixels: number;
  maxSide: number;
  thumbSide: number;
}

export interface Inspected {
  mime: AcceptedMime;
  width: number;
  height: number;
  pages: number;
}

export interface Rendition {
  data: Buffer;
  mime: AcceptedMime;
  width: number;
  height: number;
}

export interface Processed {
  main: Rendition;
  thumb: Rendition;
}

/**
 * Reads only the header (no pixel is decoded): the real format, and the pixel count checked
 * before any decoding, so a decompression bomb costs nothing. `input` is a path or bytes.
 */
export async function inspectImage(
  input: string | Buffer,
  maxPixels = IMAGE_MAX_PIXELS,
): Promise<Inspected> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false, animated: true }).metadata();
  } catch {
    throw new ImageRefused('unsupported_type');
  }
  const mime = meta.format ? FORMATS[meta.format] : undefined;
  if (!mime) throw new ImageRefused('unsupported_type');
  const width = meta.width ?? 0;
  const pages = meta.pages ?? 1;
  const pageHeight = meta.pageHeight ?? (meta.height ?? 0) / pages;
  if (width <= 0 || pageHeight <= 0) throw new ImageRefused('broken');
  // Every frame of an animation is decoded, so they all count.
  if (width * pageHeight > maxPixels || width * pageHeight * pages > maxPixels * 4)
    throw new ImageRefused('too_many_pixels');
  return { mime, width, height: Math.round(pageHeight), pages };
}

/**
 * Re-encodes a picture: orientation applied, every bit of metadata (EXIF, GPS, ICC comments)
 * dropped (sharp keeps none unless asked), the longest side bounded, a thumbnail made; an
 * animated GIF or WebP stays animated. A truncated or corrupt file is refused (`failOn`).
 */
export async function processImage(input: Buffer, limits: ImageLimits): Promise<Processed> {
  const info = await inspectImage(input, limits.maxPixels);
  const animated = info.pages > 1;
  try {
    const [main, thumb] = await Promise.all([
      render(input, info, animated, limits.maxSide, limits.maxPixels),
      render(input, info, animated, limits.thumbSide, limits.maxPixels),
    ]);
    return { main, thumb };
  } catch (error) {
    if (error instanceof ImageRefused) throw error;
    throw new ImageRefused('broken');
  }
}

async function render(
  input: Buffer,
  info: Inspected,
  animated: boolean,
  side: number,
  maxPixels: number,
): Promise<Rendition> {
  let image: Sharp = sharp(input, {
    limitInputPixels: maxPixels,
    failOn: 'truncated',
    animated,
  });
  // EXIF orientation exists only on still pictures; frames of an animation are upright.
  if (!animated) image = image.rotate();
  image = image.resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
  image = encode(image, info.mime);
  const { data, info: out } = await image.toBuffer({ resolveWithObject: true });
  return {
    data,
    mime: info.mime,
    width: out.width,
    height: animated ? (out.pageHeight ?? out.height) : out.height,
  };
}

function encode(image: Sharp, mime: AcceptedMime): Sharp {
  switch (mime) {
    case 'image/jpeg':
      return image.jpeg({ quality: 85, mozjpeg: true });
    case 'image/png':
      return image.png({ compressionLevel: 8 });
    case 'image/gif':
      return image.gif();
    case 'image/webp':
      return image.webp({ quality: 85 });
  }
}

/**
 * 224×224 RGB pixels of the first frame (of a thumbnail), what the adult classifier looks at.
 * Transparency is laid on white, as people see it: dropping the alpha channel instead leaves
 * whatever colour hides under transparent pixels, and the model took cartoon hands on that
 * background for explicit drawings (our own thumbs-up smiley scored 0.97 "hentai").
 */
export async function classifierPixels(input: Buffer, maxPixels: number): Promise<Uint8Array> {
  const data = await sharp(input, { limitInputPixels: maxPixels, failOn: 'truncated' })
    .rotate()
    .resize(224, 224, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
