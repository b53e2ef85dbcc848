import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../../../test/oidc-test-provider';
import {
  OAuth2Provider,
  userinfoDefinition,
  VkIdProvider,
  type FlowChecks,
} from './social-providers';

const CALLBACK = 'http://localhost:8080/api/auth/social/plain/callback';
const checks = (): FlowChecks => ({
  state: oidc.randomState(),
  nonce: oidc.randomNonce(),
  verifier: oidc.randomPKCECodeVerifier(),
});

describe('a plain OAuth 2 provider (as Yandex ID and Mail.ru are driven)', () => {
  let tp: TestProvider;
  beforeAll(async () => {
    tp = await startTestProvider([CALLBACK]);
    tp.people.olga = { name: 'Ольга', preferred_username: 'olga' };
  });
  afterAll(async () => tp.close());

  const plain = () =>
    new OAuth2Provider(
      {
        id: 'plain',
        kind: 'yandex',
        label: 'Plain',
        clientId: tp.clientId,
        clientSecret: tp.clientSecret,
      },
      userinfoDefinition({
        authorization: `${tp.issuer}/auth`,
        token: `${tp.issuer}/token`,
        userinfo: `${tp.issuer}/me`,
        scope: 'openid profile',
      }),
    );

  it('goes through the code with PKCE and asks the profile API who signed in', async () => {
    const provider = plain();
    const c = checks();
    const url = await provider.authorizationUrl(CALLBACK, c);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const back = await tp.signIn(url.href, 'olga');
    expect(await provider.complete(back, c)).toMatchObject({
      subject: 'olga',
      name: 'Ольга',
      username: 'olga',
    });
  });

  it('refuses the code with another PKCE verifier or state', async () => {
    const provider = plain();
    const c = checks();
    const back = await tp.signIn((await provider.authorizationUrl(CALLBACK, c)).href, 'olga');
    await expect(
      provider.complete(back, { ...c, verifier: oidc.randomPKCECodeVerifier() }),
    ).rejects.toMatchObject({
      code: 'social.failed',
    });
    await expect(provider.complete(back, { ...c, state: 'another' })).rejects.toMatchObject({
      code: 'social.failed',
    });
  });
});

describe('VK ID’s exchange', () => {
  let server: Server;
  let base = '';
  const seen: URLSearchParams[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        res.setHeader('content-type', 'application/json');
        if (req.url === '/oauth2/auth')
          return res.end(
            JSON.stringify({ access_token: 'vk-token', state: form.get('state'), user_id: 7 }),
          );
        if (req.url === '/oauth2/user_info')
          return res.end(
            JSON.stringify({
              user: {
                user_id: '7',
                first_name: 'Иван',
                last_name: 'Петров',
                avatar: 'https://vk.example/a.jpg',
              },
            }),
          );
        res.statusCode = 404;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const vk = () =>
    new VkIdProvider(
      { id: 'vk', kind: 'vk', label: 'VK ID', clientId: 'app-1', clientSecret: 's' },
      base,
    );

  it('asks with PKCE, sends the device and state back with the code, and reads the person', async () => {
    const c = checks();
    const url = await vk().authorizationUrl(CALLBACK, c);
    expect(url.searchParams.get('code_challenge')).toBe(
      await oidc.calculatePKCECodeChallenge(c.verifier),
    );
    const callback = new URL(`${CALLBACK}?code=abc&state=${c.state}&device_id=dev-1`);
    expect(await vk().complete(callback, c)).toMatchObject({
      subject: '7',
      name: 'Иван Петров',
      picture: 'https://vk.example/a.jpg',
    });
    const token = seen.find((f) => f.get('grant_type') === 'authorization_code')!;
    expect(Object.fromEntries(token)).toMatchObject({
      code: 'abc',
      code_verifier: c.verifier,
      device_id: 'dev-1',
      state: c.state,
      client_id: 'app-1',
      redirect_uri: CALLBACK,
    });
  });

  it('refuses a callback with another state, or without its device', async () => {
    const c = checks();
    await expect(
      vk().complete(new URL(`${CALLBACK}?code=a&state=x&device_id=d`), c),
    ).rejects.toMatchObject({
      code: 'social.failed',
    });
    await expect(
      vk().complete(new URL(`${CALLBACK}?code=a&state=${c.state}`), c),
    ).rejects.toMatchObject({
      code: 'social.failed',
    });
    await expect(
      vk().complete(new URL(`${CALLBACK}?error=access_denied&state=${c.state}`), c),
    ).rejects.toMatchObject({
      code: 'social.denied',
    });
  });
});
