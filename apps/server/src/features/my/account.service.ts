import { presentPublicUser } from '../users/user.presenter';
import { RECENT_SIGN_IN_MINUTES, type MyPasswordBody } from '@chat/shared';
import type { SessionRow, UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import { invalid } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { FileStorage } from '../../lib/storage/file-storage';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import type { SocialPorts } from '../profiles/social-ports';
import { discardFiles } from './discard-files';
import type { MyRepository } from './my.repository';
import type { AccountsRepository } from '../auth/accounts.repository';

/** How often an account may be asked for its current password before 429. */
export interface PasswordChecks {
  rateLimits: RateLimits;
  rule: RateLimitRule;
}

/** The session a call comes from: its id (kept by a change) and when it signed in. */
export type CallerSession = Pick<SessionRow, 'id' | 'created_at'>;

const RECENT_MS = RECENT_SIGN_IN_MINUTES * 60_000;

/**
 * Password change and account deletion: both ask for the current password, or, of an account
 * that has none (made by signing in at another site), a recent sign-in instead.
 */
export class AccountService {
  constructor(
    private readonly repo: MyRepository,
    /** The password is the account's (features/auth). */
    private readonly accounts: Pick<AccountsRepository, 'setPassword'>,
    private readonly profiles: ProfilesRepository,
    private readonly storage: FileStorage,
    private readonly social: SocialPorts,
    private readonly events: DomainEvents,
    private readonly checks: PasswordChecks,
  ) {}

  /**
   * Changes the password, or sets the first one, and ends every other session of the user
   * (their sockets too).
   */
  async changePassword(
    user: UserRow,
    session: CallerSession | null,
    body: MyPasswordBody,
  ): Promise<void> {
    await this.confirmOwner(user, session, body.password);
    await this.accounts.setPassword(user.id, await hashPassword(body.new_password));
    await this.social.endOtherSessions(user.id, session?.id ?? null);
  }

  /**
   * Deletes the account as the privacy policy says: profile, photos (and their files), avatar,
   * e-mail, phone and all sessions go; public messages stay under "Deleted #id", without a
   * link to a profile; private messages stay with the people who received them.
   */
  async delete(
    user: UserRow,
    session: CallerSession | null,
    password: string | undefined,
  ): Promise<void> {
    const fresh = await this.confirmOwner(user, session, password);
    const photos = await this.repo.photoAttachments(fresh.id);
    const linked = await this.repo.linkedAttachmentIds(photos.map((p) => p.id));
    const removable = photos.filter((p) => !linked.has(p.id));
    // Sockets of every device close first (SessionEnded); the rows go with the account.
    await this.social.endOtherSessions(fresh.id, null);
    await this.repo.anonymise(
      fresh,
      nowIso(),
      removable.map((p) => p.id),
    );
    await discardFiles(this.storage, removable);
    if (fresh.avatar_key) await this.storage.delete(fresh.avatar_key);
    const gone = (await this.repo.findAny(fresh.id)) ?? fresh;
    this.events.emit('user.deleted', { userId: fresh.id });
    this.events.emit('chat.user.left_chat', { userId: fresh.id });
    this.events.emit('user.updated', { user: presentPublicUser(gone) });
  }

  /**
   * That the caller is the account's owner, not someone at a device left signed in: the current
   * password, or, for an account without one, a session signed in within the last
   * RECENT_SIGN_IN_MINUTES (signing in again at the other site proves it as a password would).
   * Returns the account as it is now.
   */
  private async confirmOwner(
    user: UserRow,
    session: CallerSession | null,
    password: string | undefined,
  ): Promise<UserRow> {
    const fresh = await this.profiles.findLive(user.id);
    if (fresh && fresh.password_hash === null) {
      if (!session || !isRecent(session.created_at))
        throw invalid({ password: ['password.reauth'] });
      return fresh;
    }
    // Before the count: an empty field is a form left unfilled, not a guess.
    if (!password) throw invalid({ password: ['required'] });
    // A stolen session must not become a way to guess the password: each check counts against
    // the account, successful or not, as sign-in attempts do.
    await this.checks.rateLimits.hit(this.checks.rule, String(user.id));
    if (!fresh?.password_hash || !(await verifyPassword(password, fresh.password_hash)))
      throw invalid({ password: ['password.wrong'] });
    return fresh;
  }
}

function isRecent(signedInAt: string): boolean {
  return Date.now() - Date.parse(signedInAt) <= RECENT_MS;
}
