import type { Device } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn } from '../../test/factories';

const dialects = await testDialects();

describe.each(dialects)('devices (sessions) on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const devicesOf = async (client: Awaited<ReturnType<typeof signedIn>>) => {
    const res = await client.asBrowser({ method: 'GET', url: '/api/my/sessions' });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: Device[] }>(res).data;
  };

  it('lists my devices with names and marks this one', async () => {
    const user = await buildUser(t.app);
    const laptop = await signedIn(t.app, user);
    const phone = await signedIn(t.app, user);
    await t.app.deps.database.db
      .updateTable('sessions')
      .set({
        user_agent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      })
      .where('user_id', '=', user.id)
      .execute();
    const list = await devicesOf(laptop);
    expect(list).toHaveLength(2);
    expect(list.filter((d) => d.current)).toHaveLength(1);
    expect(list.every((d) => d.name === 'Safari 17 on iOS')).toBe(true);
    expect(list[0]).toHaveProperty('ip');
    const viaPhone = await devicesOf(phone);
    expect(viaPhone.find((d) => d.current)!.id).not.toBe(list.find((d) => d.current)!.id);
  });

  it('signs out one device at once: its next request is 401, SessionEnded is sent', async () => {
    const user = await buildUser(t.app);
    const laptop = await signedIn(t.app, user);
    const phone = await signedIn(t.app, user);
    const phoneId = (await devicesOf(phone)).find((d) => d.current)!.id;
    const ended = recordEvents(t.app, 'session.ended');
    const res = await laptop.asBrowser({ method: 'DELETE', url: `/api/my/sessions/${phoneId}` });
    expect(res.statusCode, res.body).toBe(204);
    expect(ended).toEqual([{ userId: user.id, sessionId: phoneId, close: true }]);
    expect((await phone.asBearer({ method: 'GET', url: '/api/my/sessions' })).statusCode).toBe(401);
    expect((await devicesOf(laptop)).map((d) => d.id)).not.toContain(phoneId);
    // The spec's form of the call: POST with _method=DELETE.
    const tablet = await signedIn(t.app, user);
    const tabletId = (await devicesOf(tablet)).find((d) => d.current)!.id;
    const viaPost = await laptop.asBrowser({
      method: 'POST',
      url: `/api/my/sessions/${tabletId}`,
      payload: { _method: 'DELETE' },
    });
    expect(viaPost.statusCode).toBe(204);
  });

  it("another user's session id is 404 and that session keeps working", async () => {
    const anna = await signedIn(t.app, await buildUser(t.app));
    const boris = await signedIn(t.app, await buildUser(t.app));
    const borisSession = (await devicesOf(boris)).find((d) => d.current)!.id;
    const res = await anna.asBrowser({
      method: 'DELETE',
      url: `/api/my/sessions/${borisSession}`,
    });
    expect(res.statusCode).toBe(404);
    expect((await devicesOf(boris)).map((d) => d.id)).toContain(borisSession);
    for (const bad of ['abc', '0', '1.5', '99999999999'])
      expect(
        (await anna.asBrowser({ method: 'DELETE', url: `/api/my/sessions/${bad}` })).statusCode,
      ).toBeGreaterThanOrEqual(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/my/sessions' })).statusCode).toBe(401);
  });

  it('signs out every other device and keeps this one; endOthers is callable', async () => {
    const user = await buildUser(t.app);
    const here = await signedIn(t.app, user);
    const others = [await signedIn(t.app, user), await signedIn(t.app, user)];
    const ended = recordEvents(t.app, 'session.ended');
    const res = await here.asBrowser({ method: 'DELETE', url: '/api/my/sessions' });
    expect(res.statusCode).toBe(204);
    expect(ended).toHaveLength(2);
    expect(await devicesOf(here)).toHaveLength(1);
    for (const other of others)
      expect((await other.asBearer({ method: 'GET', url: '/api/friends' })).statusCode).toBe(401);

    const again = await signedIn(t.app, user);
    const keep = (await devicesOf(again)).find((d) => d.current)!.id;
    expect(await t.app.deps.sessionsService.endOthers(user.id, keep)).toHaveLength(1);
    expect((await here.asBearer({ method: 'GET', url: '/api/friends' })).statusCode).toBe(401);
    expect(await devicesOf(again)).toHaveLength(1);
  });
});
