import { z } from 'zod';
import { idField, intField, plainText } from '../schemas/fields';
import { publicUser } from '../schemas/public-user';

/**
 * The admin area's gifts (API.md "Admin area"): the catalogue, its statistics, and the
 * dashboard (the admin area's index).
 */

/** A gift's price in coins: whole, at least one, at most a million. */
export const GIFT_PRICE_MAX = 1_000_000;
export const GIFT_POSITION_MAX = 100_000;
/** The longest period the statistics and the dashboard read at once (two years of days). */
export const ADMIN_STATS_MAX_DAYS = 731;
/** How many senders a gift's period lists, most gifts first. */
export const GIFT_TOP_SENDERS = 5;

const giftName = plainText.pipe(z.string().trim().min(1).max(64));

/** A gift as the admin area shows it: both names, and whether it was ever sent. */
export const adminGiftSchema = z.object({
  id: z.number().int(),
  name_ru: z.string(),
  name_en: z.string(),
  /** The picture's URL. */
  image: z.string(),
  price: z.number().int(),
  premium_only: z.boolean(),
  active: z.boolean(),
  position: z.number().int(),
  /** How many times it was sent: a gift sent even once can only be withdrawn. */
  sent: z.number().int(),
  /** Sent back with a change: a change made since by someone else is a 409. */
  updated_at: z.string(),
});
export type AdminGift = z.infer<typeof adminGiftSchema>;

/** `POST /api/admin/gifts`. `image_id`: the caller's own complete upload (POST /api/upload). */
export const adminGiftCreateBody = z.object({
  name_ru: giftName,
  name_en: giftName,
  image_id: idField,
  price: intField(1, GIFT_PRICE_MAX),
  premium_only: z.boolean().default(false),
  active: z.boolean().default(true),
  /** Left out: after the last one. */
  position: intField(0, GIFT_POSITION_MAX).optional(),
});
export type AdminGiftCreateBody = z.input<typeof adminGiftCreateBody>;

/** `PATCH /api/admin/gifts/{id}`: only the fields given change; `updated_at` as read. */
export const adminGiftPatchBody = z.object({
  name_ru: giftName.optional(),
  name_en: giftName.optional(),
  image_id: idField.optional(),
  price: intField(1, GIFT_PRICE_MAX).optional(),
  premium_only: z.boolean().optional(),
  active: z.boolean().optional(),
  position: intField(0, GIFT_POSITION_MAX).optional(),
  updated_at: z.string().min(1).max(40),
});
export type AdminGiftPatchBody = z.input<typeof adminGiftPatchBody>;

/** What `DELETE` did: an unsent gift is gone; a sent one is withdrawn (`active: false`). */
export const adminGiftRemovalSchema = z.object({
  outcome: z.enum(['deleted', 'withdrawn']),
  gift: adminGiftSchema.nullable(),
});
export type AdminGiftRemoval = z.infer<typeof adminGiftRemovalSchema>;

/** A calendar day (Moscow), "YYYY-MM-DD", that exists. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_value' })
  .refine(
    (s) => {
      // Zod runs this even when the pattern failed: an unreadable date must not throw.
      const at = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(s);
    },
    { message: 'invalid_value' },
  );

export const STATS_GROUPS = ['day', 'week', 'month'] as const;
export type StatsGroup = (typeof STATS_GROUPS)[number];

/** A period of days; `from` ≤ `to` and at most two years are checked by the server (422). */
export const adminPeriodQuery = z.object({ from: isoDay.optional(), to: isoDay.optional() });

export const giftStatisticsQuery = adminPeriodQuery.extend({
  group: z.enum(STATS_GROUPS).default('day'),
});

export const topSenderSchema = z.object({
  user: publicUser,
  count: z.number().int(),
  coins: z.number().int(),
});

/** One gift (or all gifts) in one period. `period`: its first day; a month is "YYYY-MM". */
export const giftPeriodStatsSchema = z.object({
  period: z.string(),
  count: z.number().int(),
  coins: z.number().int(),
  /** Anonymous gifts among those sent, 0..1. */
  anonymous_share: z.number(),
  top_senders: z.array(topSenderSchema),
});
export type GiftPeriodStats = z.infer<typeof giftPeriodStatsSchema>;

export const giftStatisticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(STATS_GROUPS),
  /** Every period of the range, in order, with all gifts together (the chart). */
  totals: z.array(giftPeriodStatsSchema),
  /** The gifts sent in the range, most sent first; only their periods with sales. */
  gifts: z.array(
    z.object({
      gift: adminGiftSchema.pick({ id: true, name_ru: true, name_en: true, image: true }),
      total: giftPeriodStatsSchema,
      periods: z.array(giftPeriodStatsSchema),
    }),
  ),
});
export type GiftStatistics = z.infer<typeof giftStatisticsSchema>;

/** One Moscow day of the dashboard. Payments: paid invoices (amount in the invoices' units). */
export const dashboardDaySchema = z.object({
  day: z.string(),
  messages: z.number().int(),
  private_messages: z.number().int(),
  registrations: z.number().int(),
  payments: z.number().int(),
  payments_amount: z.number().int(),
  gift_sales: z.number().int(),
  gift_coins: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** People in a room now (a socket of theirs there), invisible ones too. */
  online_now: z.number().int(),
  days: z.array(dashboardDaySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
