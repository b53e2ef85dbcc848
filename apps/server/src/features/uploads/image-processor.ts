import {
  ANIMATION_MAX_PIXELS,
  IMAGE_MAX_FRAMES,
  IMAGE_MAX_PIXELS,
  type ACCEPTED_IMAGE_MIME,
  type AttachmentError,
} from '@chat/shared';
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

/** What a picture may announce in its header before anything of it is decoded. */
export interface PixelBudget {
  /** One frame's pixels (a still picture's). */
  maxPixels: number;
  maxFrames: number;
  /** An animation's canvas counted once per frame. */
  maxAnimationPixels: number;
}

export const PIXEL_BUDGET: PixelBudget = {
  maxPixels: IMAGE_MAX_PIXELS,
  maxFrames: IMAGE_MAX_FRAMES,
  maxAnimationPixels: ANIMATION_MAX_PIXELS,
};

export interface ImageLimits extends PixelBudget {
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
  /** Frames of both renditions (1: a still picture). */
  pages: number;
}

/**
 * Reads only the header (no pixel is decoded): the real format, and the pixel count checked
 * before any decoding, so a decompression bomb costs nothing. `input` is a path or bytes.
 * An animation is judged by its frames and by its canvas counted once per frame, since every
 * frame is decoded whole however little of it the file draws.
 */
export async function inspectImage(
  input: string | Buffer,
  budget: PixelBudget = PIXEL_BUDGET,
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
  if (width * pageHeight > budget.maxPixels) throw new ImageRefused('too_many_pixels');
  if (pages > budget.maxFrames) throw new ImageRefused('too_many_frames');
  if (pages > 1 && width * pageHeight * pages > budget.maxAnimationPixels)
    throw new ImageRefused('too_many_pixels');
  return { mime, width, height: Math.round(pageHeight), pages };
}

/**
 * Re-encodes a picture: orientation applied, every bit of metadata (EXIF, GPS, ICC comments)
 * dropped (sharp keeps none unless asked), the longest side bounded, a thumbnail made; an
 * animated GIF or WebP stays animated. A truncated or corrupt file is refused (`failOn`).
 */
export async function processImage(input: Buffer, limits: ImageLimits): Promise<Processed> {
  const info = await inspectImage(input, limits);
  const animated = info.pages > 1;
  try {
    const [main, thumb] = await Promise.all([
      render(input, info, animated, limits.maxSide, limits.maxPixels),
      render(input, info, animated, limits.thumbSide, limits.maxPixels),
    ]);
    return { main, thumb, pages: info.pages };
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
      // Re-quantizing frames is most of an animation's cost, and libimagequant's default
      // effort (7) took 6–16 s of CPU for the thumbnail of 20 noisy 480×270 frames; effort 3
      // took 0.7 s, with no difference to see at chat sizes (issue 19, point 1).
      return image.gif({ effort: 3 });
    case 'image/webp':
      return image.webp({ quality: 85 });
  }
}

/**
 * 224×224 RGB pixels of one frame (of a thumbnail), what the adult classifier looks at.
 * Transparency is laid on white, as people see it: dropping the alpha channel instead leaves
 * whatever colour hides under transparent pixels, and the model took cartoon hands on that
 * background for explicit drawings (our own thumbs-up smiley scored 0.97 "hentai").
 */
export async function classifierPixels(
  input: Buffer,
  maxPixels: number,
  page = 0,
): Promise<Uint8Array> {
  const data = await sharp(input, { limitInputPixels: maxPixels, failOn: 'truncated', page })
    .rotate()
    .resize(224, 224, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * The frames of an animation of `pages` frames the classifier looks at: at most `count`,
 * evenly spread from the first to the last, so an animation cannot show one harmless frame
 * first and the rest after it. A still picture is its one frame.
 */
export function framesToClassify(pages: number, count: number): number[] {
  if (pages <= 1 || count <= 1) return [0];
  const taken = Math.min(count, pages);
  const frames = new Set<number>();
  for (let i = 0; i < taken; i++) frames.add(Math.round((i * (pages - 1)) / (taken - 1)));
  return [...frames];
}
