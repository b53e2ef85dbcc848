import * as oidc from 'openid-client';
import type { OAuthProviderConfig } from '../../../config-social';
import {
  personFromClaims,
  personFromMailru,
  personFromVk,
  personFromYandex,
  type ProviderPerson,
} from './provider-person';

/** The checks one authorization request is bound to, kept server-side until its callback. */
export interface FlowChecks {
  state: string;
  nonce: string;
  /** PKCE's code verifier; its S256 challenge goes to the provider. */
  verifier: string;
}

/** A provider could not be reached, refused, or answered something that does not verify. */
export class ProviderError extends Error {
  constructor(
    /** `social.denied` when the person said no at the provider, else `social.failed`. */
    readonly code: 'social.denied' | 'social.failed',
    message: string,
  ) {
    super(message);
  }
}

/** One sign-in provider that uses OAuth 2 (all but Telegram). */
export interface SocialProvider {
  readonly id: string;
  readonly label: string;
  authorizationUrl(redirectUri: string, checks: FlowChecks): Promise<URL>;
  /** Checks the callback (state, code, PKCE, nonce, ID token) and asks who the person is. */
  complete(callbackUrl: URL, checks: FlowChecks): Promise<ProviderPerson>;
}

const TIMEOUT_SECONDS = 10;
type Json = Record<string, unknown>;

async function failures<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    // The provider's own error answer to the redirect: the person cancelled, or it refused.
    const code = (error as { error?: unknown }).error;
    if (code === 'access_denied') throw new ProviderError('social.denied', 'access denied');
    throw new ProviderError('social.failed', (error as Error).message ?? String(error));
  }
}

function deniedInCallback(callbackUrl: URL): void {
  const error = callbackUrl.searchParams.get('error');
  if (error === 'access_denied' || error === 'user_denied' || error === 'cancel')
    throw new ProviderError('social.denied', error);
}

/** Any OpenID Connect provider (Google, or one a site adds): discovery, ID token, userinfo. */
export class OidcProvider implements SocialProvider {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(private readonly config: OAuthProviderConfig) {}

  get id(): string {
    return this.config.id;
  }

  get label(): string {
    return this.config.label;
  }

  /** Discovered once, and again after a failure (the provider may have been down). */
  private discovered(): Promise<oidc.Configuration> {
    this.configuration ??= (async () => {
      const issuer = new URL(this.config.issuer ?? '');
      const insecure = issuer.protocol === 'http:';
      const found = await oidc.discovery(
        issuer,
        this.config.clientId,
        this.config.clientSecret,
        undefined,
        {
          timeout: TIMEOUT_SECONDS,
          // The ID token's signature is checked against the provider's published keys too, not
          // only trusted for having come over TLS (OIDC Core 3.1.3.7 allows skipping it).
          execute: insecure
            ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks]
            : [oidc.enableNonRepudiationChecks],
        },
      );
      found.timeout = TIMEOUT_SECONDS;
      return found;
    })().catch((error: unknown) => {
      this.configuration = null;
      throw error;
    });
    return this.configuration;
  }

  async authorizationUrl(redirectUri: string, checks: FlowChecks): Promise<URL> {
    return failures(async () =>
      oidc.buildAuthorizationUrl(await this.discovered(), {
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      }),
    );
  }

  async complete(callbackUrl: URL, checks: FlowChecks): Promise<ProviderPerson> {
    deniedInCallback(callbackUrl);
    return failures(async () => {
      const configuration = await this.discovered();
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = (tokens.claims() ?? {}) as Json;
      const subject = typeof claims.sub === 'string' ? claims.sub : '';
      let info: Json = {};
      if (configuration.serverMetadata().userinfo_endpoint && tokens.access_token)
        info = await oidc.fetchUserInfo(configuration, tokens.access_token, subject);
      // The ID token's claims win: they are signed, the userinfo answer only fills gaps.
      const person = personFromClaims({ ...info, ...claims });
      if (!person) throw new ProviderError('social.failed', 'no subject');
      return person;
    });
  }
}

/** A plain OAuth 2 provider: its endpoints, scope, and how to ask who the person is. */
export interface OAuth2Definition {
  authorization: string;
  token: string;
  scope: string;
  /** Asks the provider's profile API with the access token; answers the person. */
  profile(accessToken: string, tokens: Json): Promise<ProviderPerson | null>;
}

/** Yandex ID and Mail.ru: authorization code with PKCE through openid-client, no ID token. */
export class OAuth2Provider implements SocialProvider {
  private readonly configuration: oidc.Configuration;

  constructor(
    private readonly config: OAuthProviderConfig,
    private readonly definition: OAuth2Definition,
  ) {
    const authorization = new URL(definition.authorization);
    this.configuration = new oidc.Configuration(
      {
        issuer: authorization.origin,
        authorization_endpoint: definition.authorization,
        token_endpoint: definition.token,
      },
      config.clientId,
      config.clientSecret,
    );
    this.configuration.timeout = TIMEOUT_SECONDS;
    if (authorization.protocol === 'http:') oidc.allowInsecureRequests(this.configuration);
  }

  get id(): string {
    return this.config.id;
  }

  get label(): string {
    return this.config.label;
  }

  async authorizationUrl(redirectUri: string, checks: FlowChecks): Promise<URL> {
    return oidc.buildAuthorizationUrl(this.configuration, {
      redirect_uri: redirectUri,
      scope: this.definition.scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
      code_challenge_method: 'S256',
      state: checks.state,
    });
  }

  async complete(callbackUrl: URL, checks: FlowChecks): Promise<ProviderPerson> {
    deniedInCallback(callbackUrl);
    return failures(async () => {
      const tokens = await oidc.authorizationCodeGrant(this.configuration, callbackUrl, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        idTokenExpected: false,
      });
      const person = await this.definition.profile(tokens.access_token, tokens);
      if (!person) throw new ProviderError('social.failed', 'no subject in the profile');
      return person;
    });
  }
}

/**
 * VK ID (id.vk.com, OAuth 2.1): its token call also wants the callback's `device_id` and the
 * state back, and its answer carries an ID token of its own, so the exchange is two plain form
 * posts; PKCE and state are checked as for the others.
 */
export class VkIdProvider implements SocialProvider {
  readonly id: string;
  readonly label: string;

  constructor(
    private readonly config: OAuthProviderConfig,
    private readonly base = 'https://id.vk.com',
  ) {
    this.id = config.id;
    this.label = config.label;
  }

  async authorizationUrl(redirectUri: string, checks: FlowChecks): Promise<URL> {
    const url = new URL('/authorize', this.base);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.clientId,
      redirect_uri: redirectUri,
      scope: 'vkid.personal_info email',
      state: checks.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
      code_challenge_method: 'S256',
    }).toString();
    return url;
  }

  async complete(callbackUrl: URL, checks: FlowChecks): Promise<ProviderPerson> {
    deniedInCallback(callbackUrl);
    const params = callbackUrl.searchParams;
    const code = params.get('code');
    const deviceId = params.get('device_id');
    if (params.get('state') !== checks.state || !code || !deviceId)
      throw new ProviderError('social.failed', 'a callback without its code, device or state');
    return failures(async () => {
      const redirectUri = `${callbackUrl.origin}${callbackUrl.pathname}`;
      const tokens = await postForm(new URL('/oauth2/auth', this.base), {
        grant_type: 'authorization_code',
        code,
        code_verifier: checks.verifier,
        client_id: this.config.clientId,
        device_id: deviceId,
        redirect_uri: redirectUri,
        state: checks.state,
      });
      if (typeof tokens.access_token !== 'string' || tokens.state !== checks.state)
        throw new ProviderError('social.failed', 'no access token');
      const info = await postForm(new URL('/oauth2/user_info', this.base), {
        client_id: this.config.clientId,
        access_token: tokens.access_token,
      });
      const person = personFromVk(info);
      if (!person) throw new ProviderError('social.failed', 'no subject');
      return person;
    });
  }
}

async function postForm(url: URL, form: Record<string, string>): Promise<Json> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
    redirect: 'error',
  });
  if (!response.ok) throw new ProviderError('social.failed', `HTTP ${response.status}`);
  return (await response.json()) as Json;
}

async function getJson(url: URL, headers: Record<string, string>): Promise<Json> {
  const response = await fetch(url, {
    headers: { accept: 'application/json', ...headers },
    signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
    redirect: 'error',
  });
  if (!response.ok) throw new ProviderError('social.failed', `HTTP ${response.status}`);
  return (await response.json()) as Json;
}

const YANDEX: OAuth2Definition = {
  authorization: 'https://oauth.yandex.ru/authorize',
  token: 'https://oauth.yandex.ru/token',
  scope: 'login:info login:email login:avatar',
  profile: async (token) =>
    personFromYandex(
      await getJson(new URL('https://login.yandex.ru/info?format=json'), {
        authorization: `OAuth ${token}`,
      }),
    ),
};

const MAILRU: OAuth2Definition = {
  authorization: 'https://oauth.mail.ru/login',
  token: 'https://oauth.mail.ru/token',
  scope: 'userinfo',
  profile: async (token) => {
    const url = new URL('https://oauth.mail.ru/userinfo');
    url.searchParams.set('access_token', token);
    return personFromMailru(await getJson(url, {}));
  },
};

/** An OAuth 2 definition whose profile is OpenID Connect's userinfo (tests, and look-alikes). */
export function userinfoDefinition(endpoints: {
  authorization: string;
  token: string;
  userinfo: string;
  scope: string;
}): OAuth2Definition {
  return {
    ...endpoints,
    profile: async (token) =>
      personFromClaims(
        await getJson(new URL(endpoints.userinfo), { authorization: `Bearer ${token}` }),
      ),
  };
}

/** The providers of a site's configuration, by id. */
export function buildProviders(configs: OAuthProviderConfig[]): Map<string, SocialProvider> {
  const providers = new Map<string, SocialProvider>();
  for (const config of configs) {
    const provider =
      config.kind === 'vk'
        ? new VkIdProvider(config)
        : config.kind === 'yandex'
          ? new OAuth2Provider(config, YANDEX)
          : config.kind === 'mailru'
            ? new OAuth2Provider(config, MAILRU)
            : new OidcProvider(config);
    providers.set(config.id, provider);
  }
  return providers;
}
