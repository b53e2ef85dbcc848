/** Premium plans (API.md): lengths are fixed; prices are site settings with these defaults. */
export const PREMIUM_PLANS = [
  { plan: 'month', days: 30, defaultPrice: 199 },
  { plan: 'quarter', days: 90, defaultPrice: 499 },
  { plan: 'year', days: 365, defaultPrice: 1690 },
] as const;
export type PremiumPlan = (typeof PREMIUM_PLANS)[number]['plan'];
export const PREMIUM_PLAN_KEYS = PREMIUM_PLANS.map((p) => p.plan) as [
  PremiumPlan,
  ...PremiumPlan[],
];

/** The site setting holding a plan's price, e.g. `premium_price_month`. */
export function premiumPriceSetting(plan: PremiumPlan): string {
  return `premium_price_${plan}`;
}

/**
 * Buying while premium extends from the current end; otherwise from now. Returns the new end
 * (ISO).
 */
export function premiumEndAfter(currentUntil: string | null, days: number, now: Date): string {
  const current = currentUntil === null ? 0 : Date.parse(currentUntil);
  const from = Math.max(current, now.getTime());
  return new Date(from + days * 24 * 60 * 60 * 1000).toISOString();
}

export function isPremiumActive(until: string | null, now = new Date()): boolean {
  return until !== null && Date.parse(until) > now.getTime();
}

/** Photos a premium user may keep (others: PHOTOS_MAX). */
export const PREMIUM_PHOTOS_MAX = 100;
/** Upload limit of a premium user, in bytes (others: the site's UPLOAD_MAX_BYTES). */
export const PREMIUM_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
