import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { testDialects } from '../../../test/databases';

const dialects = await testDialects();
const PUBLIC_URL = 'http://localhost:8080';
const CLIENT_ID = 'chat-client';

type Mode = 'good' | 'forged' | 'expired' | 'other-client' | 'other-issuer';

/**
 * A provider that answers the token request with an ID token made as the test says: signed by
 * its published key, by another key under the same key id, expired, for another client, or
 * from another issuer. Each but `good` must be refused.
 */
async function startForger() {
  const published = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const state: { mode: Mode; nonce: string } = { mode: 'good', nonce: '' };
  let issuer = '';
  const token = async () => {
    const now = Math.floor(Date.now() / 1000);
    const key: CryptoKey = state.mode === 'forged' ? other.privateKey : published.privateKey;
    return new SignJWT({ nonce: state.nonce, name: 'Forged Person' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(state.mode === 'other-issuer' ? 'https://elsewhere.example' : issuer)
      .setAudience(state.mode === 'other-client' ? 'another-client' : CLIENT_ID)
      .setSubject('subject-1')
      .setIssuedAt(state.mode === 'expired' ? now - 7200 : now)
      .setExpirationTime(state.mode === 'expired' ? now - 3600 : now + 600)
      .sign(key);
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const send = (body: unknown) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(body));
      };
      if (req.url === '/.well-known/openid-configuration')
        return send({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
        });
      if (req.url === '/jwks') return send({ keys: [jwk] });
      if (req.url === '/token' && req.method === 'POST')
        return send({ access_token: 'at', token_type: 'Bearer', id_token: await token() });
      res.statusCode = 404;
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(dialects)('ID token checks of a sign-in on %s', (dialect) => {
  let t: TestApp;
  let forger: Awaited<ReturnType<typeof startForger>>;

  beforeAll(async () => {
    forger = await startForger();
    t = await buildTestApp(dialect, {
      PUBLIC_URL,
      OIDC_FORGER_ISSUER: forger.issuer,
      OIDC_FORGER_CLIENT_ID: CLIENT_ID,
      OIDC_FORGER_CLIENT_SECRET: 'secret',
      LOGIN_RATE_LIMIT: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
    await forger.close();
  });

  /** A round trip whose token answer is made as `mode` says; answers where the site sends us. */
  async function signInWith(mode: Mode): Promise<string> {
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/auth/social/forger/redirect?return_to=/en/chat',
    });
    const location = new URL(start.headers.location!);
    const state = start.cookies.find((c) => c.name === 'social_state')!.value;
    forger.state.mode = mode;
    forger.state.nonce = location.searchParams.get('nonce')!;
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/auth/social/forger/callback?code=c0de&state=${state}`,
      cookies: { social_state: state },
    });
    return back.headers.location!;
  }

  it('takes a good ID token (the forger is a working provider)', async () => {
    expect(await signInWith('good')).toMatch(/^\/en\/signup\/social/);
  });

  it.each<Mode>(['forged', 'expired', 'other-client', 'other-issuer'])(
    'refuses an ID token that is %s',
    async (mode) => {
      expect(await signInWith(mode)).toBe('/en/login?next=%2Fen%2Fchat&social_error=social.failed');
    },
  );
});
