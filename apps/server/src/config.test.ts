import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tmp = () => mkdtempSync(join(tmpdir(), 'chat-config-'));

describe('config', () => {
  it('has working defaults and generates secrets into DATA_DIR once', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.port).toBe(8080);
    expect(first.databaseUrl).toBe(`sqlite:${join(dir, 'chat.sqlite')}`);
    expect(first.redisUrl).toBeNull();
    expect(first.publicUrl).toBe('http://localhost:8080');
    expect(first.secrets.appKey.length).toBeGreaterThanOrEqual(32);
    const file = join(dir, 'secrets.json');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.secrets).toEqual(first.secrets);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first.secrets);
  });

  it('takes secrets and URLs from the environment', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      PORT: '9000',
      APP_KEY: 'k'.repeat(40),
      DATABASE_URL: 'postgres://u@db:5432/chat',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://chat.example.org/',
    });
    expect(config.port).toBe(9000);
    expect(config.secrets.appKey).toBe('k'.repeat(40));
    expect(config.databaseUrl).toBe('postgres://u@db:5432/chat');
    expect(config.publicUrl).toBe('https://chat.example.org');
  });

  // Issue 19, point 9: `true` was Fastify's "trust every hop", the left-most X-Forwarded-For.
  it('reads TRUST_PROXY as no proxy, a number of hops, or the proxies’ addresses', () => {
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: tmp(), ...(value === undefined ? {} : { TRUST_PROXY: value }) })
        .trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trust(' 10.0.0.0/8, 2001:db8::/32,loopback ')).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      'loopback',
    ]);
    for (const bad of ['yes', '-1', '17', '1.5', '10.0.0.0/33', 'proxy.example', '10.0.0.1,'])
      expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY:/);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://cache'],
    ['APP_KEY', 'short'],
    ['PUBLIC_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['STUN_URLS', 'https://stun.example.org'],
    ['STUN_URLS', 'stun:a.example.org, turn:b.example.org'],
    ['TURN_URLS', 'stun:turn.example.org'],
    ['TURN_URLS', ','],
    ['TURN_TTL_SECONDS', '10'],
    ['VIDEO_RECONNECT_GRACE_SECONDS', '0'],
  ])('stops on a bad %s naming the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it("reads the video rooms' STUN and TURN servers; TURN only with its secret", () => {
    const none = loadConfig({ DATA_DIR: tmp() }).video;
    expect(none).toEqual({
      stunUrls: [],
      turnUrls: [],
      turnSecret: null,
      turnTtlSeconds: 3600,
      reconnectGraceSeconds: 20,
    });
    const set = loadConfig({
      DATA_DIR: tmp(),
      STUN_URLS: 'stun:stun.example.org:3478, stun:[2001:db8::1]:3478',
      TURN_URLS: 'turn:turn.example.org:3478?transport=udp,turns:turn.example.org:5349',
      TURN_SECRET: 's'.repeat(32),
      TURN_TTL_SECONDS: '600',
    }).video;
    expect(set).toMatchObject({
      stunUrls: ['stun:stun.example.org:3478', 'stun:[2001:db8::1]:3478'],
      turnUrls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'],
      turnSecret: 's'.repeat(32),
      turnTtlSeconds: 600,
    });
    // A TURN server without the secret could only be given a lasting password: refused.
    for (const env of [{ TURN_URLS: 'turn:turn.example.org' }, { TURN_SECRET: 's'.repeat(32) }])
      expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(/TURN_URLS, TURN_SECRET/);
  });

  it('lowers the password hashes’ cost for a local site only (the tests’ servers)', () => {
    const cost = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: tmp(), ...env }).passwordHashCost;
    expect(cost({})).toBe(15);
    expect(cost({ PUBLIC_URL: 'https://chat.example.org' })).toBe(15);
    expect(cost({ PASSWORD_HASH_COST: '10' })).toBe(10);
    expect(cost({ PASSWORD_HASH_COST: '10', PUBLIC_URL: 'http://127.0.0.1:4000' })).toBe(10);
    expect(cost({ PASSWORD_HASH_COST: '17', PUBLIC_URL: 'https://chat.example.org' })).toBe(17);
    expect(() =>
      loadConfig({
        DATA_DIR: tmp(),
        PASSWORD_HASH_COST: '10',
        PUBLIC_URL: 'https://chat.example.org',
      }),
    ).toThrow(/PASSWORD_HASH_COST/);
    for (const bad of ['9', '21', '12.5', 'cheap'])
      expect(() => loadConfig({ DATA_DIR: tmp(), PASSWORD_HASH_COST: bad }), bad).toThrow(
        /PASSWORD_HASH_COST/,
      );
  });
});
