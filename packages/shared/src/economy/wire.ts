import { z } from 'zod';
import { formBoolean, idField, intField, plainText } from '../schemas/fields';
import { publicUser } from '../schemas/public-user';
import { AMOUNT_MAX, TOPUP_MAX, TOPUP_MIN } from './money';
import { PREMIUM_PLAN_KEYS } from './premium';

/**
 * Balance, premium and gifts on the wire (API.md "Balance, premium and gifts"). Amounts are
 * whole coins: a JSON integer or a form's decimal digits; fractions, signs, exponents, strings
 * of words and anything beyond AMOUNT_MAX are 422.
 */

export const amountField = intField(1, AMOUNT_MAX);
/**
 * A client-made key of one purchase (like a message's client_id): the same key again answers
 * the first result and spends nothing more, however many copies arrive at once.
 */
export const requestIdField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'invalid_value' });
const giftText = plainText.pipe(z.string().trim().max(500));

// ---- the ledger -----------------------------------------------------------------------------

export const LEDGER_PARTS = ['balance', 'bonus'] as const;
export type LedgerPart = (typeof LEDGER_PARTS)[number];
/** Why coins moved; the history shows each in the reader's language. */
export const LEDGER_REASONS = [
  'topup',
  'daily-bonus',
  'premium',
  'premium-gift',
  'gift',
  'coins-sent',
  'coins-received',
  'adjustment',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  /** Signed: a credit is positive, a debit negative. */
  amount: z.number().int(),
  part: z.enum(LEDGER_PARTS),
  reason: z.enum(LEDGER_REASONS),
  /** What it belongs to: `invoice`, `gift`, `premium`, `coins`, `bonus` and its id. */
  ref_type: z.string().nullable(),
  ref_id: z.number().int().nullable(),
  /** The other person of a gift or coins, when the viewer may know them. */
  counterpart: publicUser.nullable(),
  balance_after: z.number().int(),
  bonus_after: z.number().int(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const walletSchema = z.object({
  balance: z.number().int(),
  bonus: z.number().int(),
  total: z.number().int(),
});
export type WalletWire = z.infer<typeof walletSchema>;

/** `BalanceUpdated` on `private-user.{id}`. */
export type BalanceUpdatedEvent = WalletWire;

// ---- invoices and providers ------------------------------------------------------------------

export const PAYMENT_PROVIDERS = ['test', 'yookassa'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const INVOICE_STATUSES = ['unpaid', 'paid', 'expired'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceBody = z.object({
  amount: intField(TOPUP_MIN, TOPUP_MAX),
  provider: z.enum(PAYMENT_PROVIDERS),
});

export const invoiceSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(INVOICE_STATUSES),
  /** Where the payer goes to pay (the provider's page); null once paid or expired. */
  pay_url: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
});
export type InvoiceWire = z.infer<typeof invoiceSchema>;

export const BALANCE_TABS = ['history', 'invoices'] as const;
export type BalanceTab = (typeof BALANCE_TABS)[number];

// ---- daily bonus -----------------------------------------------------------------------------

export const dailyBonusSchema = z.object({
  /** The credit just made (null when asking only). */
  entry: ledgerEntrySchema.nullable(),
  wallet: walletSchema,
  /** When the next claim opens (the next Moscow midnight). */
  next_at: z.string(),
});
export type DailyBonusWire = z.infer<typeof dailyBonusSchema>;

/** `GET /api/wallet` (and `GET /api/balance`): the navbar's totals and the next daily bonus. */
export const walletInfoSchema = z.object({
  wallet: walletSchema,
  /** True when today's (Moscow) bonus is still to be collected. */
  daily_bonus_available: z.boolean(),
  /** When the next claim opens: now when available, else the next Moscow midnight. */
  daily_bonus_next_at: z.string(),
  /** The top-up providers this site takes invoices through (`test` only on a local or test site). */
  providers: z.array(z.enum(PAYMENT_PROVIDERS)),
});
export type WalletInfo = z.infer<typeof walletInfoSchema>;

// ---- premium -----------------------------------------------------------------------------

export const premiumStateSchema = z.object({ active: z.boolean(), until: z.string().nullable() });
export type PremiumState = z.infer<typeof premiumStateSchema>;

export const premiumPlanSchema = z.object({
  plan: z.enum(PREMIUM_PLAN_KEYS),
  days: z.number().int(),
  price: z.number().int(),
});
export const premiumInfoSchema = z.object({
  plans: z.array(premiumPlanSchema),
  premium: premiumStateSchema,
});
export type PremiumInfo = z.infer<typeof premiumInfoSchema>;

export const premiumBody = z.object({
  plan: z.enum(PREMIUM_PLAN_KEYS),
  /** A premium gift: the person who receives it (not oneself). */
  user_id: idField.optional(),
  request_id: requestIdField.optional(),
});

/** POST /api/premium's answer: the recipient's premium now, and the buyer's wallet after it. */
export const premiumBoughtSchema = z.object({
  /** Who has the premium: the buyer, or the gift's recipient. */
  user_id: z.number().int(),
  premium: premiumStateSchema,
  wallet: walletSchema,
});
export type PremiumBought = z.infer<typeof premiumBoughtSchema>;

/** `MyPremiumUpdated` on `private-user.{id}`. */
export type MyPremiumUpdatedEvent = { premium: PremiumState; wallet: WalletWire | null };
/** `PremiumUpdated` on `private-chat` (spec: premium update (user_id, data)). */
export type PremiumUpdatedEvent = { user_id: number; data: PremiumState };

// ---- gifts and coins -------------------------------------------------------------------------

export const giftSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  /** The picture's URL. */
  image: z.string(),
  premium_only: z.boolean(),
});
export type Gift = z.infer<typeof giftSchema>;

export const sendGiftBody = z.object({
  gift_id: idField,
  user_id: idField,
  anonymous: formBoolean.optional(),
  private: formBoolean.optional(),
  text: giftText.optional(),
  request_id: requestIdField.optional(),
});

/** What the viewer may do with a received gift (issue 19, point 5). */
export const sentGiftAbilitiesSchema = z.object({
  /** The recipient: take it off their profile or put it back. */
  hide: z.boolean(),
  /** Staff who judge content, over a sender they outrank: remove its text. */
  remove_text: z.boolean(),
  /** Report its text (not one's own gift, and only while it has one). */
  report: z.boolean(),
});
export type SentGiftAbilities = z.infer<typeof sentGiftAbilitiesSchema>;

export const sentGiftSchema = z.object({
  id: z.number().int(),
  gift: giftSchema,
  /** Null when anonymous, for everyone but moderators (`gifts.see_anonymous`). */
  sender: publicUser.nullable(),
  recipient: publicUser,
  text: z.string().nullable(),
  anonymous: z.boolean(),
  private: z.boolean(),
  /** The recipient took it off their profile: only they still see it there. */
  hidden: z.boolean(),
  /** A moderator removed its text (`text` is then null). */
  text_removed: z.boolean(),
  created_at: z.string(),
  /** What the viewer may do with it (a profile's gifts, the answers of these calls). */
  abilities: sentGiftAbilitiesSchema.optional(),
});
export type SentGift = z.infer<typeof sentGiftSchema>;

/** `POST /api/gifts/{id}/hide`: the recipient takes a gift off their profile, or puts it back. */
export const hideGiftBody = z.object({ hidden: z.boolean() });

export const sendCoinsBody = z.object({
  user_id: idField,
  amount: amountField,
  text: giftText.optional(),
  request_id: requestIdField.optional(),
});

export const coinsSentSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  recipient: publicUser,
  text: z.string().nullable(),
  wallet: walletSchema,
  created_at: z.string(),
});
export type CoinsSent = z.infer<typeof coinsSentSchema>;
