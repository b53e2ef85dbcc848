import { randomInt } from 'node:crypto';
import type { UnitOfWork } from '../../db/unit-of-work';
import { invalid } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import { hmac, safeEqual } from '../../lib/tokens';
import type { JobPayloads } from '../jobs/job-queue';
import type { PhoneConfirmationsRepository } from './phone-confirmations.repository';
import type { SmsSender } from './sms-sender';

/** How long a code may be typed back, and how many wrong codes void it. */
export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_TRIES = 5;

export interface PhoneLimits {
  /** Codes asked for by one account (changing the phone again and again). */
  perAccount: RateLimitRule;
  /** Codes sent to one number, whoever asks: nobody floods a stranger's phone. */
  perNumber: RateLimitRule;
  /** Codes typed by one account, over all its codes. */
  confirm: RateLimitRule;
}

/**
 * A phone becomes an account's sign-in name only when the code sent to it comes back (issue 19,
 * point 10). Asking answers the same whether the number is free, waiting elsewhere or someone's
 * confirmed phone: nobody learns whose a number is, and a number waiting for its code claims
 * nothing, so nobody squats a stranger's number before they register.
 */
export class PhoneConfirmationService {
  constructor(
    private readonly repo: PhoneConfirmationsRepository,
    private readonly units: UnitOfWork<JobPayloads>,
    private readonly sender: SmsSender,
    private readonly rateLimits: RateLimits,
    private readonly limits: PhoneLimits,
    /** Codes are stored as an HMAC under the app key, bound to the account and number. */
    private readonly key: string,
  ) {}

  /** Sends a new 6-digit code for `phone` (E.164); the account's earlier code is void. */
  async request(userId: number, phone: string): Promise<void> {
    await this.rateLimits.hit(this.limits.perAccount, String(userId));
    await this.rateLimits.hit(this.limits.perNumber, phone);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = Date.now();
    await this.repo.put({
      user_id: userId,
      phone,
      code_hash: this.hash(userId, phone, code),
      expires_at: new Date(now + PHONE_CODE_TTL_MS).toISOString(),
      created_at: new Date(now).toISOString(),
    });
    await this.sender.send(phone, `Код подтверждения телефона / Phone confirmation code: ${code}`);
  }

  /** The number waiting for its code, if any. */
  async pending(userId: number): Promise<string | null> {
    return (await this.repo.find(userId))?.phone ?? null;
  }

  async forget(userId: number): Promise<void> {
    await this.repo.remove(userId);
  }

  /**
   * Checks a code. Each try is counted before the comparison, so parallel guesses cannot pass
   * the limit; a right code is used up. Answers the confirmed phone.
   */
  async confirm(userId: number, code: string): Promise<string> {
    await this.rateLimits.hit(this.limits.confirm, String(userId));
    const wrong = () => invalid({ code: ['phone.code_invalid'] });
    const row = await this.repo.find(userId);
    if (!row?.code_hash || !row.expires_at) throw wrong();
    if (Date.parse(row.expires_at) <= Date.now()) throw wrong();
    if ((await this.repo.countAttempt(userId)) > PHONE_CODE_TRIES) throw wrong();
    if (!safeEqual(row.code_hash, this.hash(userId, row.phone, code))) throw wrong();
    await this.units.run((tx) => this.repo.confirm(tx.db, userId, row.phone, nowIso()));
    return row.phone;
  }

  private hash(userId: number, phone: string, code: string): string {
    return hmac(this.key, `phone-code:${userId}:${phone}:${code}`);
  }
}
