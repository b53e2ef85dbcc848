import { z } from 'zod';

/** How many of the busiest public rooms the home page shows. */
export const HOME_ROOMS = 6;

/** A public room on the home page: both names (the page picks its language) and who is there. */
export const homeRoom = z.object({
  id: z.number().int(),
  name: z.object({ ru: z.string(), en: z.string() }),
  /** Its members now, invisible ones left out (as the room's own counter). */
  users_count: z.number().int(),
});
export type HomeRoom = z.infer<typeof homeRoom>;

/**
 * What the home page shows everyone (GET /api/home): the same answer for every visitor, so
 * nothing in it depends on who asks; sections of later features (forum threads, art) join it.
 */
export const homeOverview = z.object({
  /** People in a room now, as People → Online counts them (invisible people left out). */
  online: z.number().int(),
  /** The busiest public rooms, most people first. */
  rooms: z.array(homeRoom),
});
export type HomeOverview = z.infer<typeof homeOverview>;
