import type { SOUND_MIME_TYPES } from '@chat/shared';
import { sniffImageType } from '../../uploads/sniff';

type SoundMime = (typeof SOUND_MIME_TYPES)[number];

/**
 * A frame's type by its bytes: PNG, WebP or GIF. JPEG has no transparency to show the avatar
 * through, and SVG (text that may carry scripts) is never a frame, whatever its name says.
 */
export function sniffFrameType(bytes: Buffer): 'image/png' | 'image/webp' | 'image/gif' | null {
  const type = sniffImageType(bytes);
  return type === 'image/png' || type === 'image/webp' || type === 'image/gif' ? type : null;
}

/** A sound's type by its bytes: MP3 (an ID3 tag or an MPEG audio frame), Ogg or WAV. */
export function sniffSoundType(bytes: Buffer): SoundMime | null {
  if (bytes.length < 12) return null;
  const ascii = (from: number, to: number) => bytes.subarray(from, to).toString('latin1');
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(0, 3) === 'ID3') return 'audio/mpeg';
  // An MPEG audio frame: 11 sync bits, a version that exists (not 01) and a layer (not 00:
  // that would be AAC's ADTS).
  const b1 = bytes[1] ?? 0;
  if (bytes[0] === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x18) !== 0x08 && (b1 & 0x06) !== 0)
    return 'audio/mpeg';
  return null;
}

export const SOUND_EXTENSIONS: Record<SoundMime, string> = {
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
};

const BY_EXTENSION: Record<string, SoundMime> = {
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
};

export function soundMimeOf(name: string): SoundMime | null {
  return BY_EXTENSION[/\.([a-z0-9]+)$/.exec(name)?.[1] ?? ''] ?? null;
}
