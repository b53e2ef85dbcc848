import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';

const tmp = () => mkdtempSync(join(tmpdir(), 'chat-payments-config-'));

describe('payments configuration', () => {
  it('has the test provider on and YooKassa off by default, with a generated secret', () => {
    const config = loadConfig({ DATA_DIR: tmp() });
    expect(config.payments).toEqual({ testEnabled: true, yookassa: null });
    expect(config.secrets.paymentsTestSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: tmp(), PAYMENTS_TEST_ENABLED: '0' }).payments.testEnabled).toBe(
      false,
    );
    expect(
      loadConfig({ DATA_DIR: tmp(), PAYMENTS_TEST_SECRET: 's'.repeat(20) }).secrets
        .paymentsTestSecret,
    ).toBe('s'.repeat(20));
  });

  // Issue 19, point 3: the test provider credits coins for nothing.
  it('has the test provider on only on a local site or when asked for', () => {
    const testOn = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: tmp(), ...env }).payments.testEnabled;
    for (const local of [
      'http://localhost:8080',
      'http://127.0.0.1:3000',
      'http://[::1]:8080',
      'http://chat.localhost',
    ])
      expect(testOn({ PUBLIC_URL: local }), local).toBe(true);
    for (const real of [
      'https://chat.example.org',
      'http://192.168.1.5:8080',
      'http://localhost.example',
    ])
      expect(testOn({ PUBLIC_URL: real }), real).toBe(false);
    expect(testOn({ PUBLIC_URL: 'https://chat.example.org', PAYMENTS_TEST_ENABLED: '1' })).toBe(
      true,
    );
    expect(testOn({ PUBLIC_URL: 'https://staging.example', PAYMENTS_TEST_ENABLED: 'true' })).toBe(
      true,
    );
    expect(testOn({ PAYMENTS_TEST_ENABLED: '0' })).toBe(false);
    expect(testOn({ PAYMENTS_TEST_ENABLED: 'false' })).toBe(false);
  });

  it('refuses to start with the test provider beside YooKassa, and leaves it off there by default', () => {
    const yookassa = { YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'live_secret' };
    for (const asked of ['1', 'true'])
      expect(() =>
        loadConfig({ DATA_DIR: tmp(), ...yookassa, PAYMENTS_TEST_ENABLED: asked }),
      ).toThrow(/PAYMENTS_TEST_ENABLED: .*YooKassa/);
    // A local site with YooKassa (trying its sandbox): only YooKassa.
    const local = loadConfig({ DATA_DIR: tmp(), ...yookassa });
    expect(local.payments.testEnabled).toBe(false);
    expect(local.payments.yookassa).not.toBeNull();
    expect(
      loadConfig({ DATA_DIR: tmp(), ...yookassa, PAYMENTS_TEST_ENABLED: '0' }).payments.testEnabled,
    ).toBe(false);
  });

  it('adds the test secret to a secrets file written before it existed', () => {
    const dir = tmp();
    const old = {
      appKey: 'a'.repeat(40),
      pusherAppId: '123456',
      pusherKey: 'k'.repeat(20),
      pusherSecret: 's'.repeat(40),
    };
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify(old));
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.secrets).toMatchObject(old);
    expect(first.secrets.paymentsTestSecret).toMatch(/^[0-9a-f]{48}$/);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toEqual(first.secrets);
    expect(loadConfig({ DATA_DIR: dir }).secrets).toEqual(first.secrets);
  });

  it('turns YooKassa on with both its shop id and key, and checks the notice addresses', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      PUBLIC_URL: 'https://chat.example.org',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'live_secret',
      YOOKASSA_API_URL: 'http://127.0.0.1:9999/',
      YOOKASSA_NOTICE_IPS: '185.71.76.0/27, 77.75.156.11,2a02:5180::/32',
    });
    expect(config.payments.yookassa).toEqual({
      shopId: '123456',
      secretKey: 'live_secret',
      apiUrl: 'http://127.0.0.1:9999',
      noticeIps: ['185.71.76.0/27', '77.75.156.11', '2a02:5180::/32'],
    });
    expect(
      loadConfig({ DATA_DIR: tmp(), YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 'test_key' })
        .payments.yookassa?.apiUrl,
    ).toBe('https://api.yookassa.ru');
    expect(() => loadConfig({ DATA_DIR: tmp(), YOOKASSA_SHOP_ID: '123456' })).toThrow(
      /set both or neither/,
    );
    for (const bad of ['1.2.3.4/33', 'example.org', '1.2.3.4/8/1', '::1/129'])
      expect(() =>
        loadConfig({
          DATA_DIR: tmp(),
          YOOKASSA_SHOP_ID: '1',
          YOOKASSA_SECRET_KEY: 'test_key',
          YOOKASSA_NOTICE_IPS: bad,
        }),
      ).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), PAYMENTS_TEST_ENABLED: 'maybe' })).toThrow(
      /PAYMENTS_TEST_ENABLED/,
    );
  });
});
