import { z } from 'zod';
import { chatMessage } from '../chat/wire';
import { pageMetaSchema, pageQuery } from '../schemas/paging';

/** The quotes page (API.md "Quotes"): the site's collection of kept chat messages. */
export const QUOTE_TABS = ['best', 'new', 'mine'] as const;
export type QuoteTab = (typeof QUOTE_TABS)[number];
export const QUOTES_PER_PAGE = 20;

/**
 * `GET /api/quotes?tab&page`: `best` (most kept, then newest), `new` (latest kept), `mine`
 * (the viewer's own, registered only: a guest gets 403 `guest`).
 */
export const quotesQuerySchema = z.object({
  tab: z.enum(QUOTE_TABS).default('best'),
  page: pageQuery,
});
export type QuotesQuery = z.infer<typeof quotesQuerySchema>;

export const quoteSchema = z.object({
  /** The message as it was said (its author with their nick style, text, pictures). */
  message: chatMessage,
  room: z.object({ id: z.number().int(), name: z.string() }),
  /** How many people keep it. */
  quoted_count: z.number().int(),
  /** The viewer keeps it (false for guests). */
  quoted: z.boolean(),
  /** When it was last kept by anyone. */
  quoted_at: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quotesPageSchema = z.object({
  data: z.array(quoteSchema),
  meta: pageMetaSchema,
});
export type QuotesPage = z.infer<typeof quotesPageSchema>;
