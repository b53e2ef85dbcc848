import { randomInt } from 'node:crypto';
import type { AuthProvider, Locale, SocialSignup, TelegramAuthBody } from '@chat/shared';
import * as oidc from 'openid-client';
import type { TelegramConfig } from '../../../config-social';
import type { AuthFlowRow, UserRow } from '../../../db/schema';
import type { UnitOfWork } from '../../../db/unit-of-work';
import { AppError, forbidden, invalid, notFound } from '../../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../../http/rate-limit';
import { nowIso } from '../../../lib/clock';
import { hmac, newToken, safeEqual } from '../../../lib/tokens';
import { isRegistered } from '../../../access/permissions';
import type { AccountProvidersRepository } from '../account-providers.repository';
import type { AuthService, Device, SignedIn } from '../auth.service';
import type { AuthFlowsRepository } from './auth-flows.repository';
import { suggestNick } from './nick-suggestion';
import type { ProviderPerson } from './provider-person';
import { localeOf, safeReturnTo } from './return-to';
import { ProviderError, type FlowChecks, type SocialProvider } from './social-providers';
import { TELEGRAM_MAX_AGE_S, verifyTelegramLogin } from './telegram-login';

/** How long an authorization request may wait for its callback, and a sign-up for its nick. */
export const OAUTH_FLOW_TTL_MS = 10 * 60_000;
export const SIGNUP_FLOW_TTL_MS = 30 * 60_000;

export type Intent = 'signin' | 'link';

/** Where a sign-in with another site led, and the page to open next. */
export type SocialOutcome =
  | { outcome: 'signed_in'; signed: SignedIn; next: string }
  | { outcome: 'signup'; signupKey: string; next: string }
  | { outcome: 'linked'; next: string };

/** A sign-in that failed in a way the person is told of on the page they return to. */
export class SocialError extends Error {
  constructor(
    readonly code:
      | 'social.state_invalid'
      | 'social.denied'
      | 'social.failed'
      | 'social.linked_elsewhere'
      | 'social.unavailable'
      | 'entry.registration_closed',
    /** The page the error is shown on (the sign-in page, or the security page when linking). */
    readonly page: string,
  ) {
    super(code);
  }
}

interface OAuthFlowData {
  nonce: string;
  verifier: string;
  returnTo: string;
  locale: Locale;
  intent: Intent;
}

interface SignupFlowData {
  person: ProviderPerson;
  returnTo: string;
  locale: Locale;
}

export interface SocialLimits {
  /** Sign-ins started, callbacks and Telegram checks per address. */
  perAddress: RateLimitRule;
  /** Live nick checks per address. */
  nickChecks: RateLimitRule;
}

export interface SocialDeps {
  providers: Map<string, SocialProvider>;
  telegram: TelegramConfig | null;
  flows: AuthFlowsRepository;
  links: AccountProvidersRepository;
  users: { findById(id: number): Promise<UserRow | undefined> };
  auth: AuthService;
  units: UnitOfWork<unknown>;
  rateLimits: RateLimits;
  limits: SocialLimits;
  /** HMAC key of the flows' keys (the app key). */
  key: string;
  publicUrl: string;
  postgres: boolean;
  /** Takes the provider's picture as the new account's avatar, later (a job). */
  takeAvatar(userId: number, url: string): Promise<void>;
  /** Whether sign-up is open now (the admin's switch). */
  registrationOpen(): boolean;
}

/**
 * Signing in with other sites (issue 24): the OAuth 2 / OpenID Connect round trip, Telegram's
 * signed fields, a first sign-in's nick, and linking from the security page. A provider's
 * person is only ever matched by the provider's own id for them (`account_providers`): an
 * e-mail that matches an account here never signs anyone in to it or links to it.
 */
export class SocialSignInService {
  private sweptAt = 0;

  constructor(private readonly d: SocialDeps) {}

  /** The configured providers, as the sign-in forms show their buttons. */
  list(): AuthProvider[] {
    const list: AuthProvider[] = [...this.d.providers.values()].map((p) => ({
      id: p.id,
      name: p.label,
      kind: 'oauth',
    }));
    const tg = this.d.telegram;
    if (tg)
      list.push({
        id: 'telegram',
        name: 'Telegram',
        kind: 'telegram',
        telegram: { bot_id: tg.botId, bot_name: tg.botName },
      });
    return list;
  }

  private redirectUri(providerId: string): string {
    return `${this.d.publicUrl}/api/auth/social/${providerId}/callback`;
  }

  /**
   * Starts a sign-in: the checks (state, nonce, PKCE verifier) are kept server-side under the
   * state's HMAC, and the state goes to the browser's cookie as well as to the provider, so the
   * callback must come back to the browser that started it. Answers the provider's address.
   */
  async start(
    providerId: string,
    options: {
      returnTo: unknown;
      intent: Intent;
      caller: UserRow | null;
      locale: Locale;
      ip: string;
    },
  ): Promise<{ url: string; state: string }> {
    const returnTo = safeReturnTo(options.returnTo, options.locale);
    const locale = localeOf(returnTo, options.locale);
    const provider = this.d.providers.get(providerId);
    if (!provider)
      throw new SocialError('social.unavailable', this.errorPage(options.intent, locale, returnTo));
    if (options.intent === 'link' && !(options.caller && isRegistered(options.caller)))
      throw forbidden();
    await this.d.rateLimits.hit(this.d.limits.perAddress, options.ip);
    await this.sweep();
    const checks: FlowChecks = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
    };
    const data: OAuthFlowData = {
      nonce: checks.nonce,
      verifier: checks.verifier,
      returnTo,
      locale,
      intent: options.intent,
    };
    const now = Date.now();
    let url: URL;
    try {
      url = await provider.authorizationUrl(this.redirectUri(providerId), checks);
    } catch {
      throw new SocialError('social.failed', this.errorPage(options.intent, locale, returnTo));
    }
    await this.d.flows.put({
      key_hash: this.keyHash('oauth', checks.state),
      kind: 'oauth',
      provider: providerId,
      data: JSON.stringify(data),
      user_id: options.intent === 'link' ? options.caller!.id : null,
      expires_at: new Date(now + OAUTH_FLOW_TTL_MS).toISOString(),
      created_at: new Date(now).toISOString(),
    });
    return { url: url.href, state: checks.state };
  }

  /**
   * The provider's callback. The `state` must be the one this browser's cookie holds and a
   * request still waiting (taken once: a replayed callback finds nothing); the provider's
   * answer is checked by openid-client (code with PKCE, the ID token's signature, audience,
   * issuer and nonce).
   */
  async callback(
    providerId: string,
    query: URLSearchParams,
    cookieState: string | undefined,
    device: Device,
    fallbackLocale: Locale,
  ): Promise<SocialOutcome> {
    const signInPage = `/${fallbackLocale}/login`;
    await this.d.rateLimits.hit(this.d.limits.perAddress, device.ip);
    const state = query.get('state') ?? '';
    if (!state || !cookieState || !safeEqual(state, cookieState))
      throw new SocialError('social.state_invalid', signInPage);
    const flow = await this.d.flows.take(this.keyHash('oauth', state), 'oauth', nowIso());
    const provider = this.d.providers.get(providerId);
    if (!flow || flow.provider !== providerId || !provider)
      throw new SocialError('social.state_invalid', signInPage);
    const data = JSON.parse(flow.data) as OAuthFlowData;
    const page = this.errorPage(data.intent, data.locale, data.returnTo);
    const callbackUrl = new URL(this.redirectUri(providerId));
    callbackUrl.search = query.toString();
    let person: ProviderPerson;
    try {
      person = await provider.complete(callbackUrl, {
        state,
        nonce: data.nonce,
        verifier: data.verifier,
      });
    } catch (error) {
      throw new SocialError(error instanceof ProviderError ? error.code : 'social.failed', page);
    }
    return this.arrive(providerId, person, data, flow.user_id, device);
  }

  /**
   * Telegram's login widget: its fields are signed with the bot token. A payload is taken once
   * (its hash is remembered for as long as it could be valid), so one copied from a browser's
   * history signs nobody in again.
   */
  async telegram(
    body: TelegramAuthBody,
    caller: UserRow | null,
    device: Device,
    locale: Locale,
  ): Promise<SocialOutcome> {
    const tg = this.d.telegram;
    if (!tg) throw notFound();
    await this.d.rateLimits.hit(this.d.limits.perAddress, device.ip);
    const person = verifyTelegramLogin(body, tg.botToken);
    if (!person) throw invalid({ hash: ['telegram.invalid'] });
    const intent: Intent = body.intent === 'link' ? 'link' : 'signin';
    if (intent === 'link' && !(caller && isRegistered(caller))) throw forbidden();
    const returnTo = safeReturnTo(body.return_to, locale);
    const usedUntil = (Number(body.auth_date) + TELEGRAM_MAX_AGE_S + 60) * 1000;
    const fresh = await this.d.flows.claimOnce({
      key_hash: this.keyHash('telegram', body.hash),
      kind: 'used',
      provider: 'telegram',
      data: '{}',
      user_id: null,
      expires_at: new Date(usedUntil).toISOString(),
      created_at: nowIso(),
    });
    if (!fresh) throw invalid({ hash: ['telegram.invalid'] });
    const data = { returnTo, locale: localeOf(returnTo, locale), intent };
    return this.arrive('telegram', person, data, intent === 'link' ? caller!.id : null, device);
  }

  /**
   * The live check of a nick field: null when free, else why not. A guest's own nick is free
   * for them (they keep it by registering). Limited per address: it tells which nicks exist.
   */
  async nickFree(nick: string, caller: UserRow | null, ip: string): Promise<string | null> {
    await this.d.rateLimits.hit(this.d.limits.nickChecks, ip);
    const ownId = caller && !isRegistered(caller) ? caller.id : undefined;
    return this.d.auth.nickFree(nick, ownId);
  }

  /** The first sign-in waiting for its nick, with a free nick suggested. */
  async pendingSignup(key: string | undefined, caller: UserRow | null): Promise<SocialSignup> {
    const { flow, person, returnTo } = await this.waitingSignup(key);
    const free = async (nick: string) => (await this.d.auth.nickFree(nick)) === null;
    const ownGuestNick = caller && !isRegistered(caller) ? caller.nick : null;
    const emailName = person.email?.split('@')[0] ?? null;
    return {
      provider: flow.provider,
      provider_name: this.label(flow.provider),
      display_name: person.name,
      suggested_nick:
        ownGuestNick ??
        (await suggestNick(
          [person.username, person.name, emailName],
          free,
          `user${randomInt(10_000, 99_999)}`,
        )),
      has_avatar: person.picture !== null,
      return_to: returnTo,
    };
  }

  /**
   * The nick is chosen: the account is made and linked in one transaction (a guest keeps
   * theirs when the nick is their own), the step is used up, and the provider's picture is
   * fetched for the avatar afterwards.
   */
  async completeSignup(
    key: string | undefined,
    nick: string,
    device: Device,
    caller: UserRow | null,
  ): Promise<{ signed: SignedIn; returnTo: string }> {
    const { flow, person, returnTo } = await this.waitingSignup(key);
    const at = nowIso();
    const signed = await this.d.auth.registerLinked(nick, device, caller, async (userId, db) => {
      const link = await this.d.links.link(
        userId,
        flow.provider,
        person.subject,
        at,
        db,
        person.name,
      );
      return link !== undefined;
    });
    await this.d.flows.remove(flow.key_hash);
    if (person.picture) await this.d.takeAvatar(signed.user.id, person.picture);
    return { signed, returnTo };
  }

  /** The first sign-in this browser's key names, still waiting for its nick. */
  private async waitingSignup(
    key: string | undefined,
  ): Promise<SignupFlowData & { flow: AuthFlowRow }> {
    const flow = key
      ? await this.d.flows.peek(this.keyHash('signup', key), 'signup', nowIso())
      : undefined;
    if (!flow) throw new AppError('not_found', { messageKey: 'social.signup_missing' });
    return { ...(JSON.parse(flow.data) as SignupFlowData), flow };
  }

  async cancelSignup(key: string | undefined): Promise<void> {
    if (key) await this.d.flows.remove(this.keyHash('signup', key));
  }

  /** The account's links, whether each may go, and the providers it could link. */
  async mine(user: UserRow) {
    const links = await this.d.links.listFor(user.id);
    const hasPassword = user.password_hash !== null;
    const linked = new Set(links.map((l) => l.provider));
    return {
      links: links.map((l) => ({
        provider: l.provider,
        provider_name: this.label(l.provider),
        name: l.name,
        created_at: l.created_at,
      })),
      has_password: hasPassword,
      can_unlink: hasPassword || links.length > 1,
      available: this.list().filter((p) => !linked.has(p.id)),
    };
  }

  async unlink(user: UserRow, providerId: string): Promise<void> {
    const result = await this.d.units.run((tx) =>
      this.d.links.unlinkUnlessLast(tx.db, user.id, providerId, this.d.postgres),
    );
    if (result === 'missing') throw notFound();
    if (result === 'last') throw invalid({ provider: ['social.last_method'] });
  }

  /** After the provider vouched for the person: link, sign in, or start the sign-up. */
  private async arrive(
    providerId: string,
    person: ProviderPerson,
    data: { returnTo: string; locale: Locale; intent: Intent },
    linkUserId: number | null,
    device: Device,
  ): Promise<SocialOutcome> {
    const page = this.errorPage(data.intent, data.locale, data.returnTo);
    const existing = await this.d.links.find(providerId, person.subject);
    if (data.intent === 'link') {
      if (linkUserId === null) throw new SocialError('social.state_invalid', page);
      if (existing && existing.user_id !== linkUserId)
        throw new SocialError('social.linked_elsewhere', page);
      if (!existing) {
        const made = await this.d.links.link(
          linkUserId,
          providerId,
          person.subject,
          nowIso(),
          undefined,
          person.name,
        );
        if (!made) throw new SocialError('social.linked_elsewhere', page);
      }
      return { outcome: 'linked', next: `/${data.locale}/my/security?linked=${providerId}` };
    }
    if (existing) {
      const user = await this.d.users.findById(existing.user_id);
      if (!user) throw new SocialError('social.failed', page);
      const signed = await this.d.auth.signInLinked(user, device);
      return { outcome: 'signed_in', signed, next: data.returnTo };
    }
    if (!this.d.registrationOpen()) throw new SocialError('entry.registration_closed', page);
    const signupKey = newToken();
    const now = Date.now();
    const signup: SignupFlowData = { person, returnTo: data.returnTo, locale: data.locale };
    await this.d.flows.put({
      key_hash: this.keyHash('signup', signupKey),
      kind: 'signup',
      provider: providerId,
      data: JSON.stringify(signup),
      user_id: null,
      expires_at: new Date(now + SIGNUP_FLOW_TTL_MS).toISOString(),
      created_at: new Date(now).toISOString(),
    });
    const next = `/${data.locale}/signup/social?return_to=${encodeURIComponent(data.returnTo)}`;
    return { outcome: 'signup', signupKey, next };
  }

  /** Abandoned steps go, at most every ten minutes, as new sign-ins start. */
  private async sweep(): Promise<void> {
    if (Date.now() - this.sweptAt < 10 * 60_000) return;
    this.sweptAt = Date.now();
    await this.d.flows.sweep(nowIso());
  }

  private label(providerId: string): string {
    if (providerId === 'telegram') return 'Telegram';
    return this.d.providers.get(providerId)?.label ?? providerId;
  }

  /** Where a failed sign-in is told: the sign-in page (keeping where the person was going). */
  private errorPage(intent: Intent, locale: Locale, returnTo?: string): string {
    if (intent === 'link') return `/${locale}/my/security`;
    const home = `/${locale}/`;
    return returnTo && returnTo !== home
      ? `/${locale}/login?next=${encodeURIComponent(returnTo)}`
      : `/${locale}/login`;
  }

  private keyHash(kind: string, key: string): string {
    return hmac(this.d.key, `auth-flow:${kind}:${key}`);
  }
}
