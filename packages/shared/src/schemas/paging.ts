import { z } from 'zod';

/** `meta` of a paged list (`?page={n}`, 1-based): Laravel's names, which the spec's client reads. */
export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `?page=` as people write it: decimal digits, 1 or more; absent is page 1. */
export const pageQuery = z
  .string()
  .regex(/^[1-9]\d{0,5}$/, { message: 'invalid_value' })
  .transform(Number)
  .optional();
