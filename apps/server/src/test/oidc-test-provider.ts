import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';

/** The people the test provider knows, by login: their claims as it will vouch for them. */
export type TestPeople = Record<string, Record<string, unknown>>;

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The configuration that turns it on in our site as provider `id` (`OIDC_{ID}_*`). */
  env(id?: string, label?: string): Record<string, string>;
  people: TestPeople;
  /**
   * Plays the person at the provider: follows the authorization URL, signs in as `login` on
   * its login form, and answers the address the provider sends the browser back to (our
   * callback with `code`, `state`, `iss`).
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) in this process on an ephemeral port, for the
 * sign-in tests and journeys: authorization code with PKCE required, its development login form
 * (any password), and consent granted for its one client.
 */
export async function startTestProvider(redirectUris: string[]): Promise<TestProvider> {
  const people: TestPeople = {};
  const clientId = 'chat-test';
  const clientSecret = 'chat-test-secret-0123456789abcdef';
  let issuer = 'http://127.0.0.1:0';
  const configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post' as const,
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      profile: ['name', 'picture', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, ...(people[sub] ?? {}) }),
    }),
    // First-party client: no consent screen, the scopes asked for are granted.
    loadExistingGrant: async (ctx: {
      oidc: {
        provider: Provider;
        client?: { clientId: string };
        session?: { accountId?: string };
        params?: { scope?: unknown };
      };
    }) => {
      const { provider, client, session, params } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(typeof params?.scope === 'string' ? params.scope : 'openid');
      grant.addOIDCClaims(['name', 'picture', 'preferred_username', 'email', 'email_verified']);
      await grant.save();
      return grant;
    },
  };
  // The issuer must be known before the provider is made: take a port, then listen on it.
  const probe = await listenOnce();
  issuer = `http://127.0.0.1:${probe.port}`;
  await probe.close();
  const provider = new Provider(issuer, configuration);
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(probe.port, '127.0.0.1', () => resolve(s));
  });

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    env: (id = 'test', label = 'Test ID') => ({
      [`OIDC_${id.toUpperCase()}_ISSUER`]: issuer,
      [`OIDC_${id.toUpperCase()}_CLIENT_ID`]: clientId,
      [`OIDC_${id.toUpperCase()}_CLIENT_SECRET`]: clientSecret,
      [`OIDC_${id.toUpperCase()}_LABEL`]: label,
    }),
    signIn: (authorizationUrl, login) => playPerson(issuer, authorizationUrl, login),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function listenOnce(): Promise<{ port: number; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return {
    port: (s.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => s.close(() => resolve())),
  };
}

/** A browser's walk through the provider: redirects, cookies, and its login form. */
async function playPerson(issuer: string, start: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(start);
  let body: URLSearchParams | null = null;
  for (let step = 0; step < 12; step += 1) {
    if (url.origin !== issuer) return url;
    const response: Response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const [name = '', ...value] = pair.split('=');
      jar.set(name.trim(), value.join('='));
    }
    body = null;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const html: string = await response.text();
    const action: string | undefined = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt: string | undefined = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`the provider answered ${response.status}: ${html.slice(0, 300)}`);
    url = new URL(action, url);
    body = new URLSearchParams({ prompt, login, password: 'any' });
  }
  throw new Error('the provider never sent the browser back');
}
