import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { testDialects } from '../test/databases';
import { buildUser, json, signedIn } from '../test/factories';

const dialects = await testDialects();

describe.each(dialects)('HTTP conventions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('answers unknown /api paths with 404 in the envelope, localised', async () => {
    const ru = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(ru.statusCode).toBe(404);
    expect(json(ru)).toEqual({ message: 'Не найдено.', code: 'not_found' });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/no/such/thing',
      headers: { 'x-localization': 'en' },
    });
    expect(json(en)).toEqual({ message: 'Not found.', code: 'not_found' });
    expect(en.headers['x-build-key']).toBe(t.app.deps.buildKey);
  });

  it('refuses a 2 MB body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/guest/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ nick: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({ code: 'too_large' });
  });

  it('refuses __proto__ and constructor keys and stores nothing', async () => {
    for (const payload of [
      '{"nick":"ProtoGuest","__proto__":{"role":"admin"}}',
      '{"nick":"ProtoGuest","constructor":{"prototype":{"role":"admin"}}}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/guest/register',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(json(res)).toMatchObject({ code: 'validation' });
    }
    expect(await t.app.deps.accounts.findByNickKey('protoguest')).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('ignores __proto__ in form bodies without polluting anything', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/guest/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'nick=FormProto&__proto__[role]=admin&constructor[prototype][x]=1',
    });
    expect(res.statusCode).toBe(201);
    expect(json<{ data: { roles: string[] } }>(res).data.roles).toEqual(['guest']);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('answers malformed JSON with 422, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"nick_or_phone": ',
    });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'validation' });
  });

  it('answers an unsupported content type with 422', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(422);
  });

  it('accepts multipart bodies with bracket notation', async () => {
    const boundary = '----chat';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="nick"\r\n\r\nMultipart Guest\r\n` +
      `--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/guest/register',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(201);
  });

  it('serves init with user data for a signed-in user and refreshes the XSRF cookie', async () => {
    const client = await signedIn(t.app, await buildUser(t.app, { nick: 'InitUser' }));
    const res = await client.asBrowser({ method: 'GET', url: '/api/init?platform=pc' });
    expect(res.statusCode).toBe(200);
    const data = json<{
      data: {
        user: { user: { nick: { nick: string } }; settings: { notification_volume: number } };
        broadcasting: { key: string };
      };
    }>(res).data;
    expect(data.user.user.nick.nick).toBe('InitUser');
    expect(data.user.settings.notification_volume).toBe(0.6);
    expect(data.broadcasting.key).toBe(t.app.deps.config.secrets.pusherKey);
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeTruthy();
  });

  it('refuses a platform it does not know', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/init?platform=<script>' });
    expect(res.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(res).errors).toHaveProperty('platform');
  });

  it('documents every API route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = json<{ openapi: string; paths: Record<string, unknown> }>(res);
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/init',
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/guest/register',
      '/api/auth/logout',
      '/api/pages/{slug}',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
  });

  it('serves health and metrics', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(json(health)).toMatchObject({ status: 'ok', database: dialect });
    await t.app.inject({ method: 'GET', url: '/api/init' });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
    expect(metrics.body).toContain('route="/api/init"');
  });

  it('serves pages by locale, falling back to the other language', async () => {
    await t.database.db
      .insertInto('pages')
      .values([
        {
          slug: 'privacy',
          locale: 'ru',
          title: 'Конфиденциальность',
          body: 'Текст <b>',
          updated_at: new Date().toISOString(),
        },
        {
          slug: 'privacy',
          locale: 'en',
          title: 'Privacy',
          body: 'Text',
          updated_at: new Date().toISOString(),
        },
        {
          slug: 'only-ru',
          locale: 'ru',
          title: 'Только',
          body: 'Только по-русски',
          updated_at: new Date().toISOString(),
        },
      ])
      .execute();
    const ru = await t.app.inject({ method: 'GET', url: '/api/pages/privacy' });
    expect(json<{ data: { title: string; body: string } }>(ru).data).toMatchObject({
      title: 'Конфиденциальность',
      body: 'Текст <b>',
    });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/pages/privacy',
      headers: { 'x-localization': 'en' },
    });
    expect(json<{ data: { title: string } }>(en).data.title).toBe('Privacy');
    const fallback = await t.app.inject({
      method: 'GET',
      url: '/api/pages/only-ru',
      headers: { 'x-localization': 'en' },
    });
    expect(json<{ data: { locale: string } }>(fallback).data.locale).toBe('ru');
    expect((await t.app.inject({ method: 'GET', url: '/api/pages/nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/pages/..%2Fetc' })).statusCode).toBe(
      422,
    );
  });
});
