import { z } from 'zod';
import { idString, plainText } from '../schemas/fields';
import { GIF_QUERY_MAX } from './limits';

/** The site's own GIF library (API.md "Files and attachments", GIFs). */
export const gifCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.object({ ru: z.string(), en: z.string() }),
  /** A GIF of the category shown on its tile. */
  cover_url: z.string().nullable(),
});
export type GifCategory = z.infer<typeof gifCategorySchema>;

export const gifSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  /** Words it is found by, in both languages. */
  title: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Gif = z.infer<typeof gifSchema>;

/** `GET /api/gifs?category={id}&q={text}&page={n}`: all three optional. */
export const gifsQuery = z.object({
  category: idString.optional(),
  q: z
    .string()
    .max(GIF_QUERY_MAX * 4)
    .pipe(plainText)
    .optional(),
  page: idString.refine((n) => n <= 100_000, { message: 'invalid_value' }).default(1),
});
export type GifsQuery = z.infer<typeof gifsQuery>;

/** The paging `meta` of API.md's conventions. */
export const gifsPageMeta = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type GifsPageMeta = z.infer<typeof gifsPageMeta>;
