import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { FRAME_MAX_BYTES, SOUND_MAX_BYTES } from '@chat/shared';
import { AppError, invalid } from '../../../http/app-error';
import { SOUND_EXTENSIONS, sniffFrameType, sniffSoundType } from './sniff-media';

/** The most pixels a frame may have on a side: it is drawn around a small avatar. */
const FRAME_MAX_SIDE = 1024;
const FRAME_EXTENSIONS = { 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' } as const;

const newName = () => randomBytes(16).toString('hex');

function bytesOf(value: unknown, field: string): Buffer {
  if (!Buffer.isBuffer(value) || value.length === 0) throw invalid({ [field]: ['file.required'] });
  return value;
}

/**
 * A frame picture checked by its bytes (PNG, WebP or GIF; an SVG or anything else is 422),
 * then decoded once so a picture that only starts like one is refused too.
 */
export async function checkedFrame(
  value: unknown,
): Promise<{ key: string; bytes: Buffer; mime: string }> {
  const bytes = bytesOf(value, 'image');
  if (bytes.length > FRAME_MAX_BYTES) throw new AppError('too_large');
  const mime = sniffFrameType(bytes);
  if (!mime) throw invalid({ image: ['frame.invalid'] });
  try {
    const meta = await sharp(bytes, { animated: true, limitInputPixels: 4096 * 4096 }).metadata();
    const height = meta.pageHeight ?? meta.height;
    if (!meta.width || !height || meta.width > FRAME_MAX_SIDE || height > FRAME_MAX_SIDE)
      throw new Error('size');
  } catch {
    throw invalid({ image: ['frame.invalid'] });
  }
  return { key: `frames/${newName()}.${FRAME_EXTENSIONS[mime]}`, bytes, mime };
}

/** A sound file checked by its bytes: MP3, Ogg or WAV (an HTML file named .mp3 is 422). */
export function checkedSound(value: unknown): { key: string; bytes: Buffer; mime: string } {
  const bytes = bytesOf(value, 'file');
  if (bytes.length > SOUND_MAX_BYTES) throw new AppError('too_large');
  const mime = sniffSoundType(bytes);
  if (!mime) throw invalid({ file: ['sound.invalid'] });
  return { key: `sounds/${newName()}.${SOUND_EXTENSIONS[mime]}`, bytes, mime };
}
