import { z } from 'zod';
import { GENDERS } from './auth';

/** Nick or message style (spec: id, color, has_gradient, gradient, font_id, weight, italic). */
export const nickStyle = z.object({
  nick: z.string(),
  color: z.string().nullable(),
  has_gradient: z.boolean(),
  gradient: z.array(z.string()),
  font_id: z.number().int().nullable(),
  weight: z.number().int().nullable(),
  italic: z.boolean(),
});
export type NickStyle = z.infer<typeof nickStyle>;

/** The short user that travels inside messages, lists and events. */
export const publicUser = z.object({
  id: z.number().int(),
  slug: z.string(),
  nick: nickStyle,
  avatar: z.string().nullable(),
  frame: z.string().nullable(),
  premium: z.boolean(),
  roles: z.array(z.string()),
  /**
   * As on the profile page (public there too), null when not given: Russian agrees verbs and
   * labels with it ("Марина подарила", "Отошла"). An anonymous sender is null as a whole.
   */
  gender: z.enum(GENDERS).nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;
