import { z } from 'zod';

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

export const GIFS_PAGE = 30;
export const RECENT_GIFS_MAX = 20;
