import { z } from 'zod';
import { INT_MAX, formBoolean, intField, plainText } from '../schemas/fields';

/** The admin area's media: avatar frames and notification sounds (API.md "Admin area"). */

/** The kinds of event a sound plays on; each has at most one site default. */
export const SOUND_KINDS = ['message', 'mention', 'im', 'notification'] as const;
export type SoundKind = (typeof SOUND_KINDS)[number];

export function isSoundKind(value: unknown): value is SoundKind {
  return typeof value === 'string' && (SOUND_KINDS as readonly string[]).includes(value);
}

/** Frames are raster pictures; a sound file is small enough to load on a slow phone. */
export const FRAME_MAX_BYTES = 512 * 1024;
export const SOUND_MAX_BYTES = 512 * 1024;
export const FRAME_MIME_TYPES = ['image/png', 'image/webp', 'image/gif'] as const;
export const SOUND_MIME_TYPES = ['audio/mpeg', 'audio/ogg', 'audio/wav'] as const;

const catalogName = plainText.pipe(z.string().trim().min(1).max(64));
const position = intField(0, 100_000);
/** The `updated_at` the editor read: a change made since is a 409. */
const seenAt = z.string().min(1).max(40);
/** A file part of the multipart form; its bytes are checked by the service. */
const fileField = z.unknown().describe('the file (multipart/form-data)');

export const adminFrameSchema = z.object({
  id: z.number().int(),
  name_ru: z.string(),
  name_en: z.string(),
  url: z.string(),
  premium_only: z.boolean(),
  position: z.number().int(),
  /** False: withdrawn, not offered; those who wear it keep it. */
  active: z.boolean(),
  /** How many people wear it now. */
  wearers: z.number().int(),
  updated_at: z.string(),
});
export type AdminFrame = z.infer<typeof adminFrameSchema>;

export const adminFrameCreateBody = z.object({
  name_ru: catalogName,
  name_en: catalogName,
  image: fileField,
  premium_only: formBoolean.optional(),
  position: position.optional(),
  active: formBoolean.optional(),
});

export const adminFramePatchBody = z.object({
  name_ru: catalogName.optional(),
  name_en: catalogName.optional(),
  image: fileField.optional(),
  premium_only: formBoolean.optional(),
  position: position.optional(),
  active: formBoolean.optional(),
  updated_at: seenAt,
});

/** A deletion's outcome: a frame someone wears is withdrawn instead, and answered. */
export const adminFrameDeleted = z.object({
  deleted: z.boolean(),
  frame: adminFrameSchema.nullable(),
});

export const adminSoundSchema = z.object({
  id: z.number().int(),
  name_ru: z.string(),
  name_en: z.string(),
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  default_for: z.enum(SOUND_KINDS).nullable(),
  position: z.number().int(),
  active: z.boolean(),
  updated_at: z.string(),
});
export type AdminSound = z.infer<typeof adminSoundSchema>;

/** A form sends "" for "default for nothing". */
const defaultFor = z
  .union([z.enum(SOUND_KINDS), z.literal(''), z.null()])
  .transform((v) => (v === '' ? null : v));

export const adminSoundCreateBody = z.object({
  name_ru: catalogName,
  name_en: catalogName,
  file: fileField,
  default_for: defaultFor.optional(),
  position: position.optional(),
  active: formBoolean.optional(),
});

export const adminSoundPatchBody = z.object({
  name_ru: catalogName.optional(),
  name_en: catalogName.optional(),
  file: fileField.optional(),
  default_for: defaultFor.optional(),
  position: position.optional(),
  active: formBoolean.optional(),
  updated_at: seenAt,
});

/** A sound people may choose (GET /api/sounds): the active ones, in the reader's language. */
export const publicSoundSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  default_for: z.enum(SOUND_KINDS).nullable(),
});
export type PublicSound = z.infer<typeof publicSoundSchema>;

/** The chat settings' field holding the sound chosen for a kind (null: the site's default). */
export const soundSettingKey = (kind: SoundKind) => `sound_${kind}` as const;
export type SoundChoiceKey = ReturnType<typeof soundSettingKey>;
export type SoundChoices = Record<SoundChoiceKey, number | null>;

export const DEFAULT_SOUND_CHOICES: SoundChoices = {
  sound_message: null,
  sound_mention: null,
  sound_im: null,
  sound_notification: null,
};

const soundChoice = z.number().int().positive().nullable();
/** The sound choices as the chat settings answer them. */
export const soundChoicesSchema = z.object({
  sound_message: soundChoice,
  sound_mention: soundChoice,
  sound_im: soundChoice,
  sound_notification: soundChoice,
});

/** A change of the choices: a sound's id, or null / "" for the site's default. */
const choiceField = z
  .union([intField(1, INT_MAX), z.literal(''), z.null()])
  .transform((v) => (v === '' ? null : v));
export const soundChoicesPatch = z.object({
  sound_message: choiceField,
  sound_mention: choiceField,
  sound_im: choiceField,
  sound_notification: choiceField,
});

/** The sound choices kept in stored settings JSON; anything else there reads as "default". */
export function pickSoundChoices(stored: Record<string, unknown>): SoundChoices {
  const out = { ...DEFAULT_SOUND_CHOICES };
  for (const kind of SOUND_KINDS) {
    const value = stored[soundSettingKey(kind)];
    if (typeof value === 'number' && Number.isInteger(value) && value > 0)
      out[soundSettingKey(kind)] = value;
  }
  return out;
}
