import { nickKey, type Locale, type PasswordResetBody } from '@chat/shared';
import type { UserRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import { AppError, invalid } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import type { Mailer } from '../../lib/mail/mailer';
import { nowIso } from '../../lib/clock';
import { hashPassword } from '../../lib/passwords';
import { newToken } from '../../lib/tokens';
import type { JobPayloads, JobQueue } from '../jobs/job-queue';
import type { UsersRepository } from '../users/users.repository';
import type { AccountsRepository } from './accounts.repository';
import type { Device } from './auth.service';
import { passwordResetMail } from './auth-mails';
import type { EmailCodesRepository } from './email-codes.repository';
import { linkTokenHash, type MailLinkSite } from './email-confirmation.service';
import type { SessionsService } from './sessions.service';

/** How long a reset link works (API.md). */
export const RESET_LINK_TTL_MS = 60 * 60_000;

/** The mails of a forgotten password are sent by the job queue, after the answer. */
export const PASSWORD_FORGOT_JOB = 'password.forgot';

declare module '../jobs/job-queue' {
  interface JobPayloads {
    /** Mail a reset link to the accounts `identity` (a nick or an address) names, if any. */
    'password.forgot': { identity: string; locale: Locale };
  }
}

export interface PasswordResetLimits {
  /** Asks from one IP address: 429, the same whether anyone matched or not. */
  forgotPerAddress: RateLimitRule;
  /** Asks naming one nick or address, from anywhere: over it, still 204 and no mail. */
  forgotPerTarget: RateLimitRule;
  /** Reset mails to one account, and to one mailbox: over them, no mail (nobody is told). */
  mailPerAccount: RateLimitRule;
  mailPerMailbox: RateLimitRule;
  /** Links tried from one IP address. */
  resetPerAddress: RateLimitRule;
}

/**
 * A forgotten password (issue 24, point 5). Asking answers 204 whatever was typed, and in the
 * same time: the answer only counts the ask and queues a job, which looks the accounts up and
 * mails them. Only a confirmed address is ever mailed. The link sets a new password once, within
 * the hour, while the account's address is still the one it was sent to; then every session and
 * socket of the account ends and the account is told (`auth.password_reset`).
 */
export class PasswordResetService {
  constructor(
    private readonly codes: EmailCodesRepository,
    private readonly accounts: Pick<
      AccountsRepository,
      'findByNickKey' | 'findByConfirmedEmail' | 'setPassword'
    >,
    private readonly users: Pick<UsersRepository, 'findById'>,
    private readonly sessions: Pick<SessionsService, 'endOthers'>,
    private readonly units: UnitOfWork<JobPayloads>,
    private readonly jobs: Pick<JobQueue, 'enqueue'>,
    private readonly mailer: Mailer,
    private readonly rateLimits: RateLimits,
    private readonly limits: PasswordResetLimits,
    private readonly site: MailLinkSite,
  ) {}

  /** `POST /api/auth/password/forgot`: counts the ask, queues the look-up; never says more. */
  async forgot(identity: string, locale: Locale, ip: string): Promise<void> {
    await this.rateLimits.hit(this.limits.forgotPerAddress, ip);
    const target = identity.includes('@')
      ? `email:${identity.toLowerCase()}`
      : `nick:${nickKey(identity)}`;
    if (!(await this.allowed(this.limits.forgotPerTarget, target))) return;
    // Owned by the asking address: a flood from one address waits behind everyone else's jobs.
    await this.jobs.enqueue(
      PASSWORD_FORGOT_JOB,
      { identity, locale },
      { maxAttempts: 3, owner: `address:${ip}` },
    );
  }

  /**
   * The job: every live account the nick or confirmed address names gets its own link (several
   * accounts may share an address); an unconfirmed address is never mailed.
   */
  async sendLinks(identity: string, locale: Locale): Promise<void> {
    for (const user of await this.accountsNamed(identity)) {
      const email = user.email;
      if (!email || !user.email_verified_at || user.deleted_at) continue;
      if (!(await this.allowed(this.limits.mailPerAccount, String(user.id)))) continue;
      if (!(await this.allowed(this.limits.mailPerMailbox, email.toLowerCase()))) continue;
      const token = newToken();
      const now = Date.now();
      await this.codes.put({
        user_id: user.id,
        purpose: 'reset',
        email,
        // A reset has no code to type, only its link.
        code_hash: '',
        token_hash: linkTokenHash(this.site.key, token),
        expires_at: new Date(now + RESET_LINK_TTL_MS).toISOString(),
        created_at: new Date(now).toISOString(),
      });
      const link = `${this.site.publicUrl}/${locale}/password/reset?token=${token}`;
      await this.mailer.send(
        passwordResetMail(locale, {
          to: email,
          nick: user.nick,
          link,
          minutes: RESET_LINK_TTL_MS / 60_000,
        }),
      );
    }
  }

  /**
   * `POST /api/auth/password/reset`: sets the new password with the link's token, once. Answers
   * the account's id (the caller's own cookies go if it was signed in as that account).
   */
  async reset(body: PasswordResetBody, device: Device): Promise<number> {
    await this.rateLimits.hit(this.limits.resetPerAddress, device.ip);
    const wrong = () => invalid({ token: ['token.invalid'] });
    const row = await this.codes.findByToken(linkTokenHash(this.site.key, body.token), 'reset');
    if (!row) throw wrong();
    const user = await this.users.findById(row.user_id);
    // An address changed since the mail voids its link (the change also forgets it).
    if (!user || user.deleted_at || user.email !== row.email || !user.email_verified_at)
      throw wrong();
    const passwordHash = await hashPassword(body.password);
    await this.units.run(async (tx) => {
      // Unused and unexpired, in one conditional write: of two resets with one link, one wins.
      if (!(await this.codes.use(tx.db, row.id, nowIso()))) throw wrong();
      await this.accounts.setPassword(user.id, passwordHash, tx.db);
      tx.emit('auth.password_reset', {
        userId: user.id,
        userAgent: device.userAgent.slice(0, 512),
        ip: device.ip.slice(0, 64),
      });
    });
    // Every device, sockets included; the session cache forgets them as the rows go.
    await this.sessions.endOthers(user.id, null);
    return user.id;
  }

  private async accountsNamed(identity: string): Promise<UserRow[]> {
    // A nick never holds "@" (the nick rules): this is an address.
    if (identity.includes('@')) return this.accounts.findByConfirmedEmail(identity);
    const user = await this.accounts.findByNickKey(nickKey(identity));
    return user ? [user] : [];
  }

  /** Counts one against `rule`; false, not 429, when it is used up. */
  private async allowed(rule: RateLimitRule, key: string): Promise<boolean> {
    try {
      await this.rateLimits.hit(rule, key);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'too_many_requests') return false;
      throw error;
    }
  }
}
