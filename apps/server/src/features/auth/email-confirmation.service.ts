import { randomInt } from 'node:crypto';
import type { Locale } from '@chat/shared';
import type { UnitOfWork } from '../../db/unit-of-work';
import { invalid } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import type { Mailer } from '../../lib/mail/mailer';
import { nowIso } from '../../lib/clock';
import { hmac, newToken, safeEqual } from '../../lib/tokens';
import type { JobPayloads } from '../jobs/job-queue';
import type { UsersRepository } from '../users/users.repository';
import { confirmEmailMail } from './auth-mails';
import type { EmailCodesRepository } from './email-codes.repository';

/** How long a confirmation code and link work (API.md), and how many tries a code allows. */
export const EMAIL_CODE_TTL_MS = 30 * 60_000;
export const EMAIL_CODE_TRIES = 5;

export interface EmailConfirmationLimits {
  /** Codes asked for by one account. */
  sendPerAccount: RateLimitRule;
  /** Codes mailed to one address, whichever account asks: nobody floods a stranger's mailbox. */
  sendPerAddress: RateLimitRule;
  /** Codes typed by one account, over all its codes. */
  confirmPerAccount: RateLimitRule;
  /** Codes and links tried from one IP address, over all accounts. */
  confirmPerAddress: RateLimitRule;
}

/** What the code and link are signed with, and where the link leads. */
export interface MailLinkSite {
  /** The app key: codes and tokens are stored as HMACs under it. */
  key: string;
  publicUrl: string;
}

/** `GET /api/my/email` (myEmailAnswer's data). */
export interface MyEmail {
  email: string | null;
  verified: boolean;
  code_pending: boolean;
}

/** The HMAC under which a mailed link's token is stored and found (both purposes). */
export function linkTokenHash(key: string, token: string): string {
  return hmac(key, `email-link:${token}`);
}

/**
 * Confirming the profile's e-mail (issue 24, point 4): a 6-digit code and a link, mailed in the
 * person's language, good for 30 minutes and once. Each try is counted before the comparison,
 * so parallel guesses cannot pass the limit; a wrong, used, expired or void code all answer the
 * same 422. A confirmation confirms the address the code was sent to, and only while it is still
 * the account's.
 */
export class EmailConfirmationService {
  constructor(
    private readonly codes: EmailCodesRepository,
    private readonly users: Pick<UsersRepository, 'findById'>,
    private readonly units: UnitOfWork<JobPayloads>,
    private readonly mailer: Mailer,
    private readonly rateLimits: RateLimits,
    private readonly limits: EmailConfirmationLimits,
    private readonly site: MailLinkSite,
  ) {}

  async status(userId: number): Promise<MyEmail> {
    const [user, row] = await Promise.all([
      this.users.findById(userId),
      this.codes.find(userId, 'confirm'),
    ]);
    const email = user?.email ?? null;
    const verified = email !== null && user?.email_verified_at != null;
    const pending =
      !verified &&
      row !== undefined &&
      row.email === email &&
      row.used_at === null &&
      row.attempts < EMAIL_CODE_TRIES &&
      Date.parse(row.expires_at) > Date.now();
    return { email, verified, code_pending: pending };
  }

  /** Mails a new code and link to the profile's address; the earlier code is void. */
  async send(userId: number, locale: Locale): Promise<void> {
    const user = await this.users.findById(userId);
    const email = user?.email;
    if (!user || !email) throw invalid({ email: ['email.none'] });
    if (user.email_verified_at) throw invalid({ email: ['email.already_verified'] });
    await this.rateLimits.hit(this.limits.sendPerAccount, String(userId));
    await this.rateLimits.hit(this.limits.sendPerAddress, email.toLowerCase());
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const token = newToken();
    const now = Date.now();
    await this.codes.put({
      user_id: userId,
      purpose: 'confirm',
      email,
      code_hash: this.codeHash(userId, email, code),
      token_hash: linkTokenHash(this.site.key, token),
      expires_at: new Date(now + EMAIL_CODE_TTL_MS).toISOString(),
      created_at: new Date(now).toISOString(),
    });
    const link = `${this.site.publicUrl}/${locale}/email/confirm?token=${token}`;
    await this.mailer.send(
      confirmEmailMail(locale, {
        to: email,
        nick: user.nick,
        code,
        link,
        minutes: EMAIL_CODE_TTL_MS / 60_000,
      }),
    );
  }

  /** The code typed back by the signed-in account. */
  async confirmCode(userId: number, code: string, ip: string): Promise<MyEmail> {
    await this.rateLimits.hit(this.limits.confirmPerAddress, ip);
    await this.rateLimits.hit(this.limits.confirmPerAccount, String(userId));
    const wrong = () => invalid({ code: ['email.code_invalid'] });
    const row = await this.codes.find(userId, 'confirm');
    if (!row) throw wrong();
    // Counted first, whatever follows: the 6th try of a code fails even when it is right.
    const tries = await this.codes.countAttempt(row.id);
    const right = safeEqual(row.code_hash, this.codeHash(userId, row.email, code));
    if (!right || tries > EMAIL_CODE_TRIES) throw wrong();
    // Unused and unexpired are checked by the conditional write itself (two at once: one wins);
    // the tries, by this try's own count (the column counts the parallel ones after it too).
    await this.confirm(row.id, userId, row.email, undefined, wrong);
    return this.status(userId);
  }

  /** The mailed link, opened in any browser: confirms the address it was sent to. */
  async confirmLink(token: string, ip: string): Promise<void> {
    await this.rateLimits.hit(this.limits.confirmPerAddress, ip);
    const wrong = () => invalid({ token: ['token.invalid'] });
    const row = await this.codes.findByToken(linkTokenHash(this.site.key, token), 'confirm');
    if (!row) throw wrong();
    // A code voided by wrong tries voids its link as well.
    await this.confirm(row.id, row.user_id, row.email, EMAIL_CODE_TRIES, wrong);
  }

  private async confirm(
    codeId: number,
    userId: number,
    email: string,
    triesBelow: number | undefined,
    wrong: () => Error,
  ): Promise<void> {
    await this.units.run(async (tx) => {
      const at = nowIso();
      if (!(await this.codes.use(tx.db, codeId, at, triesBelow))) throw wrong();
      // The address changed since the mail (the change voids codes; this covers the race).
      if (!(await this.codes.markVerified(tx.db, userId, email, at))) throw wrong();
    });
  }

  /** Bound to the account and the address: a code means nothing for another. */
  private codeHash(userId: number, email: string, code: string): string {
    return hmac(this.site.key, `email-code:${userId}:${email}:${code}`);
  }
}
