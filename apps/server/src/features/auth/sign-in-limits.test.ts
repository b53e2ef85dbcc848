import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json } from '../../test/factories';

const dialects = await testDialects();

/** Issue 19, point 11: sign-in tries count against the account, not against its spelling. */
describe.each(dialects)('sign-in limits on %s', (dialect) => {
  let t: TestApp;
  /** A site with LOGIN_RATE_LIMIT=2: 10 failures an hour close an account (5 × the limit). */
  let strict: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    strict = await buildTestApp(dialect, { LOGIN_RATE_LIMIT: '2' });
  });
  afterAll(async () => {
    await t.close();
    await strict.close();
  });

  const PASSWORD = 'the-right-one-1';
  const register = async (nick: string, app = t) => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { nick, password: PASSWORD, password_confirmation: PASSWORD },
      remoteAddress: '10.1.0.1',
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ data: { user: { id: number } } }>(res).data.user.id;
  };
  const login = (nick_or_phone: string, password: string, ip: string, app = t) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { nick_or_phone, password },
      remoteAddress: ip,
    });

  it('gives one address 10 tries on an account however its nick is spelt', async () => {
    await register('Gatekeeper');
    const spellings = [
      'gatekeeper',
      'GATEKEEPER',
      'ＧＡＴＥＫＥＥＰＥＲ',
      '𝐠𝐚𝐭𝐞𝐤𝐞𝐞𝐩𝐞𝐫',
      'Gatekeepеr', // a Cyrillic е: no account, yet a try on Gatekeeper
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await login(spellings[i % spellings.length]!, `wrong-${i}`, '10.2.0.1')).statusCode,
      );
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another address still may try (the per-account limit across addresses is higher).
    expect((await login('Gatekeeper', PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('closes an account to sign-in after 5 × LOGIN_RATE_LIMIT failures from many addresses, and tells its owner once', async () => {
    const id = await register('Fortress', strict);
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++)
      statuses.push((await login('fortress', `guess-${i}`, `10.3.${i}.1`, strict)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429]);
    // Even the right password from a fresh address waits for the window to end.
    const locked = await login('Fortress', PASSWORD, '10.4.0.1', strict);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);

    // The notice follows the domain event: wait for the listener, then check it came once.
    await vi.waitFor(async () => {
      const notes = await strict.app.deps.notifications.newest(id);
      expect(notes.some((n) => n.data.type === 'sign_in_locked')).toBe(true);
    });
    const notes = await strict.app.deps.notifications.newest(id);
    const lockNotes = notes.filter((n) => n.data.type === 'sign_in_locked');
    expect(lockNotes).toHaveLength(1);
    expect(lockNotes[0]!.data).toMatchObject({ type: 'sign_in_locked', minutes: 60 });
  }, 60_000);

  it('keeps another account open meanwhile, and a right password resets the count', async () => {
    await register('Openhouse', strict);
    await register('Neighbour', strict);
    for (let i = 0; i < 8; i++)
      expect((await login('openhouse', `nope-${i}`, `10.5.${i}.1`, strict)).statusCode).toBe(422);
    expect((await login('Openhouse', PASSWORD, '10.6.0.1', strict)).statusCode).toBe(200);
    for (let i = 0; i < 8; i++)
      expect((await login('openhouse', `nope-again-${i}`, `10.7.${i}.1`, strict)).statusCode).toBe(
        422,
      );
    // Another account's count is its own.
    for (let i = 0; i < 10; i++)
      expect((await login('neighbour', `nope-${i}`, `10.8.${i}.1`, strict)).statusCode).toBe(422);
    expect((await login('Openhouse', PASSWORD, '10.9.0.1', strict)).statusCode).toBe(200);
  }, 60_000);
});
