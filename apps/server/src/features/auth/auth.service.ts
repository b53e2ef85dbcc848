import {
  DEFAULT_CHAT_SETTINGS,
  MAX_SESSIONS_PER_USER,
  looksLikePhone,
  nickKey,
  normalizePhone,
  type GuestRegisterBody,
  type LoginBody,
  type RegisterBody,
} from '@chat/shared';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import type { AccountChanges, ProfileChanges } from '../../db/user-columns';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { DomainEvents } from '../../events/domain-events';
import { AppError, forbidden, invalid } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import { isUniqueViolation, violationDetail } from '../../lib/db-errors';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { slugBase, uniqueSlug } from '../../lib/slug';
import { hashToken, newToken } from '../../lib/tokens';
import { isReservedSkeleton, nickSkeleton } from '../../lib/nick-skeleton';
import type { AccountsRepository } from './accounts.repository';
import type { PhoneConfirmationService } from './phone-confirmations.service';
import type { SessionsRepository } from './sessions.repository';
import { isRegistered, NEWCOMER_ROLE, REGISTERED_ROLE } from '../../access/permissions';
import { flagSetting } from '../admin/settings/live-settings';

export interface Device {
  userAgent: string;
  ip: string;
}

/** A write that must commit with the new account or not at all (a provider's link). */
type Alongside = (userId: number, db: Kysely<DB>) => Promise<void>;

export interface SignedIn {
  user: UserRow;
  token: string;
}

export interface AuthLimits {
  /** Per address and account (however the nick is spelt): guessing one account's password. */
  login: RateLimitRule;
  /** Per address over all nicks: trying one password on many accounts. */
  loginPerAddress: RateLimitRule;
  /**
   * Per account over all addresses: many addresses guessing one password. Used up, it closes
   * sign-in to the account until the window ends, and the account is told (`loginLockNotice`:
   * once per window).
   */
  loginPerAccount: RateLimitRule;
  loginLockNotice: RateLimitRule;
  register: RateLimitRule;
}

export class AuthService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionsRepository,
    private readonly rateLimits: RateLimits,
    private readonly limits: AuthLimits,
    /** A phone given at registration waits for its code like one set on the profile. */
    private readonly phones: PhoneConfirmationService,
    /** Announces each new session (`auth.signed_in`: the account's devices are told). */
    private readonly events: DomainEvents,
    /** A sign-up with another site writes the account and its link in one transaction. */
    private readonly units: UnitOfWork<unknown>,
  ) {}

  async registerGuest(body: GuestRegisterBody, device: Device): Promise<SignedIn> {
    if (!flagSetting('guest_entry')) throw forbidden('entry.guests_closed');
    await this.rateLimits.hit(this.limits.register, device.ip);
    const user = await this.createUser({ nick: body.nick, role: NEWCOMER_ROLE });
    return this.signIn(user, device, 'guest');
  }

  /**
   * Registers a user. A guest who registers under their own guest nick keeps their account
   * (and with it their place in rooms); anyone else gets a new one.
   */
  async register(body: RegisterBody, device: Device, caller: UserRow | null): Promise<SignedIn> {
    if (!flagSetting('registration_open')) throw forbidden('entry.registration_closed');
    await this.rateLimits.hit(this.limits.register, device.ip);
    const passwordHash = await hashPassword(body.password);
    const account = { password_hash: passwordHash, email: body.email ?? null };
    const firstProfile = { gender: body.gender ?? null, birthdate: body.birthdate ?? null };
    const user = this.keepsGuestAccount(caller, body.nick)
      ? await this.keepGuest(caller, { ...account, nick: body.nick }, firstProfile)
      : await this.createUser({
          nick: body.nick,
          role: REGISTERED_ROLE,
          ...account,
          ...firstProfile,
        });
    const signed = await this.signIn(user, device, 'register');
    if (body.phone) await this.askPhoneCode(user.id, body.phone);
    return signed;
  }

  /**
   * Signs in by nick or confirmed phone. The limits count tries against the account, not the
   * spelling (issue 19, point 11): "ＡＤＭＩＮ", "𝐚𝐝𝐦𝐢𝐧" and "аdmin" all count as tries on admin.
   */
  async login(body: LoginBody, device: Device): Promise<SignedIn> {
    const identity = body.nick_or_phone.trim();
    await this.rateLimits.hit(this.limits.loginPerAddress, device.ip);
    const { user, account, lookAlikeOf } = await this.findByIdentity(identity);
    const addressKey = `${device.ip}:${account}`;
    await this.rateLimits.hit(this.limits.login, addressKey);
    await this.countAccountTry(account, user?.id ?? lookAlikeOf);
    // Compare against a dummy hash for unknown users so the answer time does not leak who exists.
    const ok = await verifyPassword(body.password, user?.password_hash ?? dummyHash());
    if (!user || !user.password_hash || !ok) throw invalid({ nick_or_phone: ['auth.failed'] });
    await this.rateLimits.reset(this.limits.login, addressKey);
    await this.rateLimits.reset(this.limits.loginPerAccount, account);
    return this.signIn(user, device, 'login');
  }

  /**
   * A sign-in with another site found the account its person is linked to: it signs in as a
   * sign-in by password does (the other devices are told of the new one).
   */
  async signInLinked(user: UserRow, device: Device): Promise<SignedIn> {
    if (user.deleted_at !== null) throw forbidden('auth.failed');
    return this.signIn(user, device, 'login');
  }

  /**
   * A first sign-in with another site, once the person chose a nick: a registered account
   * without a password, and its link, written together (`link` answers false when the
   * provider's person was linked meanwhile, and nothing is kept). A guest who chose their own
   * nick keeps their account, as a guest registering does.
   */
  async registerLinked(
    nick: string,
    device: Device,
    caller: UserRow | null,
    link: (userId: number, db: Kysely<DB>) => Promise<boolean>,
  ): Promise<SignedIn> {
    if (!flagSetting('registration_open')) throw forbidden('entry.registration_closed');
    await this.rateLimits.hit(this.limits.register, device.ip);
    const linked = async (userId: number, db: Kysely<DB>) => {
      if (!(await link(userId, db))) throw invalid({ provider: ['social.linked_elsewhere'] });
    };
    const user = this.keepsGuestAccount(caller, nick)
      ? await this.keepGuest(caller, { nick }, {}, linked)
      : await this.createUser({ nick, role: REGISTERED_ROLE }, linked);
    return this.signIn(user, device, 'register');
  }

  /** Whether a nick may be taken now, and why not (the live check of a nick field). */
  async nickFree(nick: string, ownId?: number): Promise<string | null> {
    try {
      await this.assertNickFree(nick, ownId);
      return null;
    } catch (error) {
      const reason = error instanceof AppError ? error.options.errors?.nick?.[0] : undefined;
      if (reason) return reason;
      throw error;
    }
  }

  /** The caller's own sign-out: the session's subscriptions end, its tab keeps its socket. */
  async logout(session: { id: number; user_id: number }): Promise<void> {
    await this.sessions.delete(session.id);
    this.events.emit('session.ended', {
      userId: session.user_id,
      sessionId: session.id,
      close: false,
    });
  }

  /**
   * The account a sign-in names, and the key its tries count under: the account's id, or the
   * folded spelling when none matches. A look-alike of a nick ("аdmin") signs in as nobody but
   * counts against the account it imitates.
   */
  private async findByIdentity(
    identity: string,
  ): Promise<{ user?: UserRow | undefined; account: string; lookAlikeOf?: number | undefined }> {
    if (looksLikePhone(identity)) {
      const phone = normalizePhone(identity);
      const user = phone ? await this.accounts.findByPhone(phone) : undefined;
      return { user, account: user ? `user:${user.id}` : `phone:${phone ?? identity}` };
    }
    const user = await this.accounts.findByNickKey(nickKey(identity));
    if (user) return { user, account: `user:${user.id}` };
    const skeleton = nickSkeleton(identity);
    const lookAlike = await this.accounts.findByNickSkeleton(skeleton);
    return lookAlike
      ? { account: `user:${lookAlike.id}`, lookAlikeOf: lookAlike.id }
      : { account: `nick:${skeleton}` };
  }

  /** One try against the account from any address; at the limit the account is told, once. */
  private async countAccountTry(account: string, userId: number | undefined): Promise<void> {
    try {
      await this.rateLimits.hit(this.limits.loginPerAccount, account);
    } catch (error) {
      if (userId !== undefined && error instanceof AppError && error.code === 'too_many_requests')
        await this.noticeLock(userId);
      throw error;
    }
  }

  private async noticeLock(userId: number): Promise<void> {
    try {
      await this.rateLimits.hit(this.limits.loginLockNotice, String(userId));
    } catch {
      return; // already told in this window
    }
    const minutes = Math.ceil(this.limits.loginPerAccount.durationSeconds / 60);
    this.events.emit('auth.sign_in_locked', { userId, minutes });
  }

  /** A phone given at registration: a code goes to it; over the limits, it is simply not sent. */
  private async askPhoneCode(userId: number, phone: string): Promise<void> {
    try {
      await this.phones.request(userId, phone);
    } catch (error) {
      // The account exists already; the phone can be set again from the profile form.
      if (!(error instanceof AppError && error.code === 'too_many_requests')) throw error;
    }
  }

  private async signIn(
    user: UserRow,
    device: Device,
    how: 'login' | 'register' | 'guest',
  ): Promise<SignedIn> {
    const token = newToken();
    const at = nowIso();
    const session = await this.sessions.create({
      user_id: user.id,
      token_hash: hashToken(token),
      user_agent: device.userAgent.slice(0, 512),
      ip: device.ip.slice(0, 64),
      created_at: at,
      last_active_at: at,
    });
    // A pruned device was signed out from here: its sockets close as if ended on the security page.
    for (const sessionId of await this.sessions.pruneOldest(user.id, MAX_SESSIONS_PER_USER))
      this.events.emit('session.ended', { userId: user.id, sessionId, close: true });
    await this.accounts.touchActive(user.id, at);
    const otherSessions = how === 'login' ? (await this.sessions.countForUser(user.id)) - 1 : 0;
    this.events.emit('auth.signed_in', {
      userId: user.id,
      sessionId: session.id,
      how,
      userAgent: session.user_agent,
      ip: session.ip,
      otherSessions,
    });
    return { user: { ...user, active_at: at }, token };
  }

  /**
   * A nick nobody else holds, however spelt (issue 19, point 2): not another account's nick in
   * any case, not a reserved one, not a look-alike of a live or deleted account's nick (same
   * skeleton). The shared nick rules have already refused fillers and mixed scripts. Answers
   * the skeleton to store.
   */
  private async assertNickFree(nick: string, ownId?: number): Promise<string> {
    const holder = await this.accounts.findByNickKey(nickKey(nick));
    if (holder && holder.id !== ownId) throw invalid({ nick: ['nick.taken'] });
    const skeleton = nickSkeleton(nick);
    if (isReservedSkeleton(skeleton)) throw invalid({ nick: ['nick.reserved'] });
    const lookAlike = await this.accounts.findByNickSkeleton(skeleton);
    if (lookAlike && lookAlike.id !== ownId) throw invalid({ nick: ['nick.confusable'] });
    return skeleton;
  }

  /** Two people racing for one nick or look-alike: the unique indexes decide, with a clear 422. */
  private async nameClashes<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const detail = violationDetail(error);
      if (detail.includes('nick_skeleton')) throw invalid({ nick: ['nick.confusable'] });
      if (detail.includes('slug')) throw new AppError('server_error');
      throw invalid({ nick: ['nick.taken'] });
    }
  }

  /** Whether a registration keeps the caller's row: a guest registering under their own nick. */
  private keepsGuestAccount(caller: UserRow | null, nick: string): caller is UserRow {
    return caller !== null && !isRegistered(caller) && caller.nick_key === nickKey(nick);
  }

  /**
   * A guest's row becomes a registered account under their nick (and with it their place in
   * rooms). `alongside` is written in the same transaction (a provider's link).
   */
  private async keepGuest(
    caller: UserRow,
    account: Omit<AccountChanges, 'nick_skeleton' | 'role'> & { nick: string },
    firstProfile: Pick<ProfileChanges, 'gender' | 'birthdate'>,
    alongside?: Alongside,
  ): Promise<UserRow> {
    const nick_skeleton = await this.assertNickFree(account.nick, caller.id);
    const changes = { ...account, nick_skeleton, role: REGISTERED_ROLE };
    await this.nameClashes(() =>
      this.write(alongside, async (db) => {
        await this.accounts.registerGuest(caller.id, changes, firstProfile, db);
        if (alongside && db) await alongside(caller.id, db);
      }),
    );
    return { ...caller, ...changes, ...firstProfile };
  }

  private async createUser(
    fields: {
      nick: string;
      role: string;
      password_hash?: string;
      email?: string | null;
      gender?: string | null;
      birthdate?: string | null;
    },
    alongside?: Alongside,
  ): Promise<UserRow> {
    const skeleton = await this.assertNickFree(fields.nick);
    const slug = await uniqueSlug(slugBase(fields.nick), (s) => this.accounts.slugExists(s));
    return this.nameClashes(() =>
      this.write(alongside, async (db) => {
        const row = await this.accounts.insert(
          { ...fields, ...this.newAccount(fields.nick, skeleton, slug) },
          db,
        );
        if (alongside && db) await alongside(row.id, db);
        return row;
      }),
    );
  }

  /**
   * One write on its own (the repository's own connection), or in a transaction when something
   * is written alongside it.
   */
  private write<T>(
    alongside: Alongside | undefined,
    work: (db: Kysely<DB> | undefined) => Promise<T>,
  ): Promise<T> {
    return alongside ? this.units.run((tx) => work(tx.db)) : work(undefined);
  }

  /** The columns every new account starts with (its role and sign-in are the caller's). */
  private newAccount(nick: string, skeleton: string, slug: string) {
    return {
      nick,
      nick_key: nickKey(nick),
      nick_skeleton: skeleton,
      slug,
      settings: JSON.stringify(DEFAULT_CHAT_SETTINGS),
      nick_style: '{}',
      created_at: nowIso(),
      active_at: null,
    };
  }
}
