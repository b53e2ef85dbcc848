import type { AdminPage, AppRelease, InitData, Page } from '@chat/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { recordEvents } from '../../../test/chat-fixtures';
import { testDialects } from '../../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../../test/factories';

const dialects = await testDialects();

const data = <T>(res: LightMyRequestResponse): T => json<{ data: T }>(res).data;
const fieldsOf = (res: LightMyRequestResponse) =>
  Object.keys(json<{ errors?: Record<string, string[]> }>(res).errors ?? {});

const texts = {
  title_ru: 'Соглашение',
  text_ru: 'Текст',
  title_en: 'Agreement',
  text_en: 'Text',
};

/** A multipart body with one file part, as a browser sends it. */
function multipart(name: string, content: Buffer) {
  const boundary = '----release-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(dialects)('admin pages, the agreement and app releases on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let user: Client;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await signedIn(t.app, await buildUser(t.app, { role: 'admin' }));
    user = await signedIn(t.app, await buildUser(t.app));
  });
  afterAll(async () => t.close());

  const db = () => t.app.deps.database.db;
  const getPage = async (slug: string) =>
    data<AdminPage>(await admin.asBrowser({ method: 'GET', url: `/api/admin/pages/${slug}` }));
  const putPage = (slug: string, body: object, who: Client = admin) =>
    who.asBrowser({ method: 'PUT', url: `/api/admin/pages/${slug}`, payload: body });
  const init = async (who: Client | null, query = '') => {
    const options = { method: 'GET' as const, url: `/api/init${query}` };
    const res = who ? await who.asBrowser(options) : await t.app.inject(options);
    expect(res.statusCode, res.body).toBe(200);
    return data<InitData>(res);
  };
  const logRows = (action: string) =>
    db().selectFrom('admin_log').selectAll().where('action', '=', action).execute();
  const addRelease = (body: object) =>
    admin.asBrowser({ method: 'POST', url: '/api/admin/app-releases', payload: body });

  describe('who may call', () => {
    let release: AppRelease;
    beforeAll(async () => {
      const res = await addRelease({
        platform: 'android',
        version: '9.9.9',
        url: 'https://x.example/a',
      });
      expect(res.statusCode, res.body).toBe(201);
      release = data<AppRelease>(res);
    });

    const calls = () =>
      [
        ['GET', '/api/admin/pages', undefined],
        ['GET', '/api/admin/pages/agreement', undefined],
        ['PUT', '/api/admin/pages/agreement', { ...texts, new_version: true, updated_at: null }],
        ['POST', '/api/admin/pages/preview', { text: 'x' }],
        ['GET', '/api/admin/app-releases', undefined],
        [
          'POST',
          '/api/admin/app-releases',
          { platform: 'pc', version: '1.0.0', url: 'https://a.b/c' },
        ],
        [
          'PATCH',
          `/api/admin/app-releases/${release.id}`,
          { required: true, updated_at: release.updated_at },
        ],
        ['DELETE', `/api/admin/app-releases/${release.id}`, undefined],
        ['POST', '/api/admin/app-releases/file', undefined],
      ] as const;

    it.each(['user', 'moderator', 'guest', null] as const)(
      'answers %s with 403 (nobody: 401) and changes nothing',
      async (role) => {
        const who = role ? await signedIn(t.app, await buildUser(t.app, { role })) : null;
        const pagesBefore = await db().selectFrom('pages').selectAll().execute();
        const releasesBefore = await db().selectFrom('app_releases').selectAll().execute();
        const logBefore = await db().selectFrom('admin_log').select('id').execute();
        const version = (await init(null)).agreement_version;
        for (const [method, url, payload] of calls()) {
          const options = { method, url, ...(payload ? { payload } : {}) };
          const res = who ? await who.asBrowser(options) : await t.app.inject(options);
          expect(res.statusCode, `${method} ${url}`).toBe(role ? 403 : 401);
        }
        expect(await db().selectFrom('pages').selectAll().execute()).toEqual(pagesBefore);
        expect(await db().selectFrom('app_releases').selectAll().execute()).toEqual(releasesBefore);
        expect(await db().selectFrom('admin_log').select('id').execute()).toEqual(logBefore);
        expect((await init(null)).agreement_version).toBe(version);
      },
    );

    it('refuses an admin-area person without admin.pages or admin.releases', async () => {
      // A moderator holds neither admin.access nor the pages' permissions; the table test
      // above covers it. Here: an admin may, so the guard is the permission, not the role.
      expect((await admin.asBrowser({ method: 'GET', url: '/api/admin/pages' })).statusCode).toBe(
        200,
      );
      expect(
        (await admin.asBrowser({ method: 'GET', url: '/api/admin/app-releases' })).statusCode,
      ).toBe(200);
    });
  });

  describe('pages', () => {
    it('creates a new page, lists it, and the public route serves it in each language', async () => {
      const told = recordEvents(t.app, 'catalog.updated');
      expect(await getPage('house-rules')).toMatchObject({ updated_at: null, title_en: '' });
      const res = await putPage('house-rules', {
        ...texts,
        title_en: 'House rules',
        updated_at: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(told).toEqual([{ part: 'pages' }]);
      const list = data<{ slug: string }[]>(
        await admin.asBrowser({ method: 'GET', url: '/api/admin/pages' }),
      );
      expect(list.map((p) => p.slug)).toEqual(
        expect.arrayContaining(['agreement', 'privacy', 'rules', 'house-rules']),
      );
      const en = await t.app.inject({
        method: 'GET',
        url: '/api/pages/house-rules',
        headers: { 'x-localization': 'en' },
      });
      expect(data<Page>(en)).toMatchObject({ title: 'House rules', body: 'Text' });
      const ru = await t.app.inject({ method: 'GET', url: '/api/pages/house-rules' });
      expect(data<Page>(ru)).toMatchObject({ title: 'Соглашение' });
      const [row] = await logRows('pages.create');
      expect(row).toMatchObject({
        subject_type: 'page',
        subject_id: 'house-rules',
        actor_id: admin.user.id,
      });
      expect(JSON.parse(row!.before)).toBeNull();
      expect(JSON.parse(row!.after)).toMatchObject({ title_en: 'House rules' });
    });

    it('renders markup and scripts in a page safely, in the preview and on the public page', async () => {
      const hostile =
        '## Title\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n' +
        '[click](javascript:alert(1)) **bold** [ok](https://example.com)';
      const page = await getPage('privacy');
      const res = await putPage('privacy', {
        ...texts,
        text_en: hostile,
        updated_at: page.updated_at,
      });
      expect(res.statusCode, res.body).toBe(200);
      const preview = data<{ html: string }>(
        await admin.asBrowser({
          method: 'POST',
          url: '/api/admin/pages/preview',
          payload: { text: hostile },
        }),
      );
      const shown = data<Page>(
        await t.app.inject({
          method: 'GET',
          url: '/api/pages/privacy',
          headers: { 'x-localization': 'en' },
        }),
      );
      for (const html of [preview.html, shown.html!]) {
        expect(html).toContain('<h2>Title</h2>');
        expect(html).toContain('<strong>bold</strong>');
        expect(html).toContain('&lt;script&gt;');
        expect(html).not.toMatch(/<script|<img|href="javascript/i);
        expect(html).toContain('href="https://example.com"');
      }
      expect(shown.html).toBe(preview.html);
    });

    it('refuses a bad slug and an empty title', async () => {
      expect((await putPage('Bad_Slug', { ...texts, updated_at: null })).statusCode).toBe(422);
      const page = await getPage('agreement');
      const res = await putPage('agreement', {
        ...texts,
        title_ru: '  ',
        updated_at: page.updated_at,
      });
      expect(res.statusCode).toBe(422);
      expect(fieldsOf(res)).toContain('title_ru');
    });

    it('tells the later of two admins editing one page (409), and keeps the first', async () => {
      const page = await getPage('rules');
      const first = await putPage('rules', {
        ...texts,
        text_en: 'first',
        updated_at: page.updated_at,
      });
      expect(first.statusCode, first.body).toBe(200);
      const second = await putPage('rules', {
        ...texts,
        text_en: 'second',
        updated_at: page.updated_at,
      });
      expect(second.statusCode).toBe(409);
      expect(json<{ code: string }>(second).code).toBe('conflict');
      expect((await getPage('rules')).text_en).toBe('first');
      const fresh = await getPage('rules');
      const third = await putPage('rules', {
        ...texts,
        text_en: 'third',
        updated_at: fresh.updated_at,
      });
      expect(third.statusCode).toBe(200);
    });

    it('refuses a new version of a page that is not the agreement', async () => {
      const page = await getPage('rules');
      const res = await putPage('rules', {
        ...texts,
        new_version: true,
        updated_at: page.updated_at,
      });
      expect(res.statusCode).toBe(422);
      expect(fieldsOf(res)).toContain('new_version');
    });
  });

  describe('agreement versions', () => {
    const accept = (who: Client, version: unknown) =>
      who.asBrowser({ method: 'POST', url: '/api/agreement/accept', payload: { version } });

    it('a new version makes init ask everyone to accept again, and accepting records it', async () => {
      const existing = await getPage('agreement');
      if (existing.updated_at === null)
        expect((await putPage('agreement', { ...texts, updated_at: null })).statusCode).toBe(200);
      const guest = await signedIn(t.app, await buildUser(t.app, { role: 'guest' }));
      const before = await init(user);
      const current = before.agreement_version!;
      expect((await accept(user, current)).statusCode).toBe(200);
      expect((await init(user)).agreement_accepted_version).toBe(current);

      const told = recordEvents(t.app, 'catalog.updated');
      const page = await getPage('agreement');
      const res = await putPage('agreement', {
        ...texts,
        text_en: 'New terms',
        new_version: true,
        updated_at: page.updated_at,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(data<AdminPage>(res).version).toBe(current + 1);
      expect(told).toEqual([{ part: 'pages' }]);
      const [row] = await logRows('pages.new_version');
      expect(JSON.parse(row!.before)).toMatchObject({ version: current });
      expect(JSON.parse(row!.after)).toMatchObject({ version: current + 1, text_en: 'New terms' });

      const after = await init(user);
      expect(after).toMatchObject({
        agreement_version: current + 1,
        agreement_accepted_version: current,
      });
      // The old version, or one that does not exist yet, is not accepted.
      for (const version of [current, current + 2]) {
        const refused = await accept(user, version);
        expect(refused.statusCode).toBe(422);
        expect(fieldsOf(refused)).toEqual(['version']);
      }
      expect((await accept(user, 'x')).statusCode).toBe(422);
      expect((await init(user)).agreement_accepted_version).toBe(current);

      const ok = await accept(user, current + 1);
      expect(data(ok)).toEqual({
        agreement_version: current + 1,
        agreement_accepted_version: current + 1,
      });
      expect((await init(user)).agreement_accepted_version).toBe(current + 1);
      const stored = await db()
        .selectFrom('agreement_acceptances')
        .selectAll()
        .where('user_id', '=', user.user.id)
        .executeTakeFirstOrThrow();
      expect(stored.version).toBe(current + 1);
      expect(stored.accepted_at).toBeTruthy();
      // A guest is signed in too and accepts the same way; nobody signed in cannot.
      expect((await accept(guest, current + 1)).statusCode).toBe(200);
      const nobody = await t.app.inject({
        method: 'POST',
        url: '/api/agreement/accept',
        payload: { version: current + 1 },
      });
      expect(nobody.statusCode).toBe(401);
      expect((await init(null)).agreement_accepted_version).toBeNull();
    });
  });

  describe('app releases', () => {
    beforeEach(async () => {
      await db().deleteFrom('app_releases').execute();
    });

    it('validates the version and the store link', async () => {
      for (const version of ['1.2', '1.2.3.4', 'v1.2.3', '01.2.3', '1.2.x', '', '1..3']) {
        const res = await addRelease({ platform: 'pc', version, url: 'https://a.example/x' });
        expect(res.statusCode, version).toBe(422);
        expect(fieldsOf(res)).toEqual(['version']);
      }
      for (const url of [
        'http://a.example/x',
        'javascript:alert(1)',
        'ftp://a/b',
        'https://u:p@a.b/',
        'nope',
      ]) {
        const res = await addRelease({ platform: 'pc', version: '1.0.0', url });
        expect(res.statusCode, url).toBe(422);
        expect(fieldsOf(res)).toEqual(['url']);
      }
      const neither = await addRelease({ platform: 'pc', version: '1.0.0' });
      expect(neither.statusCode).toBe(422);
      const both = await addRelease({
        platform: 'pc',
        version: '1.0.0',
        url: 'https://a.example/x',
        file: 'releases/0123456789abcdef0123.exe',
      });
      expect(both.statusCode).toBe(422);
      const platform = await addRelease({
        platform: 'windows',
        version: '1.0.0',
        url: 'https://a.b/c',
      });
      expect(platform.statusCode).toBe(422);
      expect(await db().selectFrom('app_releases').selectAll().execute()).toEqual([]);
      expect(
        (await addRelease({ platform: 'pc', version: '1.0.0', url: 'https://a.b/c' })).statusCode,
      ).toBe(201);
      const twice = await addRelease({ platform: 'pc', version: '1.0.0', url: 'https://a.b/d' });
      expect(twice.statusCode).toBe(422);
    });

    it('tells an older client of the platform to update, and not a newer one', async () => {
      const told = recordEvents(t.app, 'catalog.updated');
      const res = await addRelease({
        platform: 'android',
        version: '1.10.0',
        url: 'https://play.example/app',
        required: true,
        notes_en: 'Faster',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(told).toEqual([{ part: 'releases' }]);
      await addRelease({
        platform: 'android',
        version: '1.11.0',
        url: 'https://play.example/app2',
      });
      const [row] = await logRows('releases.create');
      expect(row).toMatchObject({ subject_type: 'app_release', actor_id: admin.user.id });

      // 1.9.5 < 1.10.0 numerically (as text it would not be).
      expect(await init(user, '?platform=android&version=1.9.5')).toMatchObject({
        update_required: true,
        update: { version: '1.11.0', link: 'https://play.example/app2' },
      });
      for (const query of [
        '?platform=android&version=1.10.0',
        '?platform=android&version=2.0.0',
        '?platform=android',
        '?platform=ios&version=0.0.1',
        '?platform=pc&version=0.0.1',
        '?platform=mobile&version=0.0.1',
        '',
      ])
        expect((await init(null, query)).update_required, query).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/api/init?platform=tv' })).statusCode).toBe(
        422,
      );
    });

    it('edits with updated_at (409 for the later admin), deletes, and logs both', async () => {
      const created = data<AppRelease>(
        await addRelease({ platform: 'ios', version: '2.0.0', url: 'https://apps.example/x' }),
      );
      const patch = (body: object) =>
        admin.asBrowser({
          method: 'PATCH',
          url: `/api/admin/app-releases/${created.id}`,
          payload: body,
        });
      const first = await patch({ required: true, updated_at: created.updated_at });
      expect(first.statusCode, first.body).toBe(200);
      expect(data<AppRelease>(first).required).toBe(true);
      const second = await patch({ version: '3.0.0', updated_at: created.updated_at });
      expect(second.statusCode).toBe(409);
      const bad = await patch({ version: '3.0', updated_at: data<AppRelease>(first).updated_at });
      expect(bad.statusCode).toBe(422);
      expect((await init(null, '?platform=ios&version=1.0.0')).update_required).toBe(true);
      const [updated] = await logRows('releases.update');
      expect(JSON.parse(updated!.before)).toMatchObject({ required: false });
      expect(JSON.parse(updated!.after)).toMatchObject({ required: true });

      const told = recordEvents(t.app, 'catalog.updated');
      const del = await admin.asBrowser({
        method: 'DELETE',
        url: `/api/admin/app-releases/${created.id}`,
      });
      expect(del.statusCode).toBe(204);
      expect(told).toEqual([{ part: 'releases' }]);
      expect((await init(null, '?platform=ios&version=1.0.0')).update_required).toBe(false);
      expect((await logRows('releases.delete')).length).toBeGreaterThan(0);
      const gone = await admin.asBrowser({
        method: 'DELETE',
        url: `/api/admin/app-releases/${created.id}`,
      });
      expect(gone.statusCode).toBe(404);
    });

    it('stores an installer checked by content and refuses HTML and scripts', async () => {
      const upload = (name: string, content: Buffer) =>
        admin.asBrowser({
          method: 'POST',
          url: '/api/admin/app-releases/file',
          ...multipart(name, content),
        });
      const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000, 1)]);
      const ok = await upload('setup.exe', exe);
      expect(ok.statusCode, ok.body).toBe(201);
      const { file } = data<{ file: string; size: number }>(ok);
      expect(file).toMatch(/^releases\/[a-z0-9]+\.exe$/);
      expect(await t.app.deps.storage.exists(file)).toBe(true);

      const refused = [
        ['setup.exe', Buffer.from('<!doctype html><script>alert(1)</script>')],
        ['app.apk', Buffer.from('#!/bin/sh\nrm -rf /\n')],
        ['app.dmg', Buffer.from('<html><body>' + 'x'.repeat(600) + '</body></html>')],
        ['setup.msi', exe],
        ['page.html', Buffer.from('<html></html>')],
      ] as const;
      for (const [name, content] of refused) {
        const res = await upload(name, content);
        expect(res.statusCode, name).toBe(422);
        expect(fieldsOf(res)).toEqual(['file']);
      }
      const created = await addRelease({ platform: 'pc', version: '4.0.0', file, required: true });
      expect(created.statusCode, created.body).toBe(201);
      expect((await init(null, '?platform=pc&version=3.9.9')).update).toMatchObject({
        link: `/storage/${file}`,
      });
    });
  });
});
