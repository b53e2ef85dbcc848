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
import type { UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import { AppError, invalid } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import { isUniqueViolation, violationDetail } from '../../lib/db-errors';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/passwords';
import { slugBase, uniqueSlug } from '../../lib/slug';
import { hashToken, newToken } from '../../lib/tokens';
import type { UsersRepository } from '../users/users.repository';
import type { SessionsRepository } from './sessions.repository';
import { isRegistered, NEWCOMER_ROLE, REGISTERED_ROLE } from '../../access/permissions';

export interface Device {
  userAgent: string;
  ip: string;
}

export interface SignedIn {
  user: UserRow;
  token: string;
}

export interface AuthLimits {
  /** Per address and nick or phone: guessing one account's password. */
  login: RateLimitRule;
  /** Per address over all nicks: trying one password on many accounts. */
  loginPerAddress: RateLimitRule;
  register: RateLimitRule;
}

export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly rateLimits: RateLimits,
    private readonly limits: AuthLimits,
    /** Announces each new session (`auth.signed_in`: the account's devices are told). */
    private readonly events?: DomainEvents,
  ) {}

  async registerGuest(body: GuestRegisterBody, device: Device): Promise<SignedIn> {
    await this.rateLimits.hit(this.limits.register, device.ip);
    const user = await this.createUser({ nick: body.nick, role: NEWCOMER_ROLE });
    return this.signIn(user, device, 'guest');
  }

  /**
   * Registers a user. A guest who registers under their own guest nick keeps their account
   * (and with it their place in rooms); anyone else gets a new one.
   */
  async register(body: RegisterBody, device: Device, caller: UserRow | null): Promise<SignedIn> {
    await this.rateLimits.hit(this.limits.register, device.ip);
    const passwordHash = await hashPassword(body.password);
    const profile = {
      password_hash: passwordHash,
      email: body.email ?? null,
      phone: body.phone ?? null,
      gender: body.gender ?? null,
      birthdate: body.birthdate ?? null,
    };
    if (caller && !isRegistered(caller) && caller.nick_key === nickKey(body.nick)) {
      await this.assertPhoneFree(profile.phone);
      await this.users.update(caller.id, { ...profile, nick: body.nick, role: REGISTERED_ROLE });
      const upgraded = { ...caller, ...profile, nick: body.nick, role: REGISTERED_ROLE };
      return this.signIn(upgraded, device, 'register');
    }
    const user = await this.createUser({ nick: body.nick, role: REGISTERED_ROLE, ...profile });
    return this.signIn(user, device, 'register');
  }

  async login(body: LoginBody, device: Device): Promise<SignedIn> {
    const identity = body.nick_or_phone.trim();
    const limitKey = `${device.ip}:${identity.toLowerCase()}`;
    await this.rateLimits.hit(this.limits.loginPerAddress, device.ip);
    await this.rateLimits.hit(this.limits.login, limitKey);
    const user = await this.findByIdentity(identity);
    // Compare against a dummy hash for unknown users so the answer time does not leak who exists.
    const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !user.password_hash || !ok) throw invalid({ nick_or_phone: ['auth.failed'] });
    await this.rateLimits.reset(this.limits.login, limitKey);
    return this.signIn(user, device, 'login');
  }

  /** The caller's own sign-out: the session's subscriptions end, its tab keeps its socket. */
  async logout(session: { id: number; user_id: number }): Promise<void> {
    await this.sessions.delete(session.id);
    this.events?.emit('session.ended', {
      userId: session.user_id,
      sessionId: session.id,
      close: false,
    });
  }

  private async findByIdentity(identity: string): Promise<UserRow | undefined> {
    if (looksLikePhone(identity)) {
      const phone = normalizePhone(identity);
      return phone ? this.users.findByPhone(phone) : undefined;
    }
    return this.users.findByNickKey(nickKey(identity));
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
      this.events?.emit('session.ended', { userId: user.id, sessionId, close: true });
    await this.users.update(user.id, { active_at: at });
    const otherSessions = how === 'login' ? (await this.sessions.countForUser(user.id)) - 1 : 0;
    this.events?.emit('auth.signed_in', {
      userId: user.id,
      sessionId: session.id,
      how,
      userAgent: session.user_agent,
      ip: session.ip,
      otherSessions,
    });
    return { user: { ...user, active_at: at }, token };
  }

  private async assertPhoneFree(phone: string | null): Promise<void> {
    if (phone && (await this.users.findByPhone(phone))) throw invalid({ phone: ['phone.taken'] });
  }

  private async createUser(fields: {
    nick: string;
    role: string;
    password_hash?: string;
    email?: string | null;
    phone?: string | null;
    gender?: string | null;
    birthdate?: string | null;
  }): Promise<UserRow> {
    const key = nickKey(fields.nick);
    if (await this.users.findByNickKey(key)) throw invalid({ nick: ['nick.taken'] });
    await this.assertPhoneFree(fields.phone ?? null);
    const slug = await uniqueSlug(slugBase(fields.nick), (s) => this.users.slugExists(s));
    try {
      return await this.users.insert({
        ...fields,
        nick_key: key,
        slug,
        settings: JSON.stringify(DEFAULT_CHAT_SETTINGS),
        nick_style: '{}',
        created_at: nowIso(),
        active_at: null,
      });
    } catch (error) {
      // Two people racing for one nick: the unique index decides, the loser gets a clear 422.
      if (!isUniqueViolation(error)) throw error;
      const detail = violationDetail(error);
      if (detail.includes('phone')) throw invalid({ phone: ['phone.taken'] });
      if (detail.includes('slug')) throw new AppError('server_error');
      throw invalid({ nick: ['nick.taken'] });
    }
  }
}
