import type { AdminFont, AdminSmiley, AdminSmileyGroup, InitData } from '@chat/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { recordEvents } from '../../../test/chat-fixtures';
import { testDialects } from '../../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../../test/factories';
import { multipart, png } from '../../uploads/test/upload-kit';

const dialects = await testDialects();

const woff2 = () => Buffer.concat([Buffer.from('wOF2', 'latin1'), Buffer.alloc(60, 1)]);
/** A Windows program's first bytes, named as a font. */
const program = () => Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(60, 0)]);
const html = () => Buffer.from('<html><script>alert(1)</script></html>');

let serial = 0;
const uniqueTag = () => `t${Date.now().toString(36)}${(serial += 1)}`;

describe.each(dialects)('admin smileys and fonts on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  const as = async (role: string) => signedIn(t.app, await buildUser(t.app, { role }));

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await as('admin');
  });
  afterAll(async () => t.close());

  const addGroup = async (): Promise<AdminSmileyGroup> => {
    const res = await admin.asBrowser({
      method: 'POST',
      url: '/api/admin/smiley-groups',
      payload: { name_ru: 'Эмоции', name_en: 'Emotions' },
    });
    expect(res.statusCode).toBe(201);
    return json<{ data: AdminSmileyGroup }>(res).data;
  };
  const postSmiley = async (
    who: Client,
    fields: Record<string, string>,
    image: Buffer,
  ): Promise<LightMyRequestResponse> =>
    who.asBrowser({
      method: 'POST',
      url: '/api/admin/smileys',
      ...multipart(fields, [{ name: 'image', data: image, filename: 'smiley.png' }]),
    });
  const postFont = (
    who: Client,
    family: string,
    file: Buffer,
    extra: Record<string, string> = {},
  ) =>
    who.asBrowser({
      method: 'POST',
      url: '/api/admin/fonts',
      ...multipart({ font_family: family, ...extra }, [
        { name: 'file', data: file, filename: 'font.woff2' },
      ]),
    });
  const addFont = async (family: string): Promise<AdminFont> => {
    const res = await postFont(admin, family, woff2());
    expect(res.statusCode, res.body).toBe(201);
    return json<{ data: AdminFont }>(res).data;
  };
  const counts = async () => {
    const db = t.app.deps.database.db;
    const n = async (table: 'smileys' | 'smiley_groups' | 'fonts' | 'admin_log') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      smileys: await n('smileys'),
      groups: await n('smiley_groups'),
      fonts: await n('fonts'),
      log: await n('admin_log'),
    };
  };

  it('answers 403 to a user, a moderator and a guest, 401 to nobody, and changes nothing', async () => {
    const group = await addGroup();
    const font = await addFont(`Guarded ${uniqueTag()}`);
    const image = await png(16, 16);
    const before = await counts();
    const calls: ((who: Client | null) => Promise<LightMyRequestResponse>)[] = [];
    const call =
      (opts: Parameters<Client['asBrowser']>[0]) =>
      (who: Client | null): Promise<LightMyRequestResponse> =>
        who ? who.asBrowser(opts) : t.app.inject(opts);
    calls.push(
      call({ method: 'GET', url: '/api/admin/smileys' }),
      call({
        method: 'POST',
        url: '/api/admin/smileys',
        ...multipart({ tag: uniqueTag(), group_id: String(group.id) }, [
          { name: 'image', data: image },
        ]),
      }),
      call({ method: 'PATCH', url: '/api/admin/smileys/1', payload: { updated_at: 'x' } }),
      call({ method: 'DELETE', url: '/api/admin/smileys/1' }),
      call({ method: 'PUT', url: '/api/admin/smileys/order', payload: { group_ids: [group.id] } }),
      call({
        method: 'POST',
        url: '/api/admin/smiley-groups',
        payload: { name_ru: 'a', name_en: 'a' },
      }),
      call({
        method: 'PATCH',
        url: `/api/admin/smiley-groups/${group.id}`,
        payload: { name_en: 'x', updated_at: group.updated_at },
      }),
      call({ method: 'DELETE', url: `/api/admin/smiley-groups/${group.id}` }),
      call({ method: 'GET', url: '/api/admin/fonts' }),
      call({
        method: 'POST',
        url: '/api/admin/fonts',
        ...multipart({ font_family: 'Nope' }, [{ name: 'file', data: woff2() }]),
      }),
      call({
        method: 'PATCH',
        url: `/api/admin/fonts/${font.id}`,
        payload: { premium_only: true, updated_at: font.updated_at },
      }),
      call({ method: 'DELETE', url: `/api/admin/fonts/${font.id}` }),
    );
    const people = {
      user: await as('user'),
      moderator: await as('moderator'),
      guest: await as('guest'),
    };
    for (const send of calls) {
      for (const [role, who] of Object.entries(people))
        expect((await send(who)).statusCode, `${role}`).toBe(403);
      expect((await send(null)).statusCode).toBe(401);
    }
    expect(await counts()).toEqual(before);
    const after = json<{ data: AdminFont[] }>(
      await admin.asBrowser({ method: 'GET', url: '/api/admin/fonts' }),
    ).data.find((f) => f.id === font.id);
    expect(after).toMatchObject({ premium_only: false, active: true });
  });

  it('adds a smiley: logged, announced, in /api/init at once, served as stored', async () => {
    const group = await addGroup();
    const events = recordEvents(t.app, 'catalog.updated');
    const user = await as('user');
    // The catalogue is cached: read it once first so the change has a cache to drop.
    await user.asBrowser({ method: 'GET', url: '/api/init?platform=pc' });
    const tag = uniqueTag();
    const res = await postSmiley(admin, { tag, group_id: String(group.id) }, await png(20, 20));
    expect(res.statusCode, res.body).toBe(201);
    const smiley = json<{ data: AdminSmiley }>(res).data;
    expect(smiley).toMatchObject({ tag, group_id: group.id, position: 1 });
    expect(smiley.file).toMatch(/^\/storage\/smileys\/[a-f0-9]{24}\.png$/);
    expect(events).toContainEqual({ part: 'smileys' });

    const log = await t.app.deps.database.db
      .selectFrom('admin_log')
      .selectAll()
      .where('action', '=', 'smileys.create')
      .where('subject_id', '=', String(smiley.id))
      .executeTakeFirstOrThrow();
    expect(log.actor_id).toBe(admin.user.id);
    expect(JSON.parse(log.after)).toMatchObject({ tag });

    const init = json<{ data: InitData }>(
      await user.asBrowser({ method: 'GET', url: '/api/init?platform=pc' }),
    ).data;
    const shown = init.user!.smiley_groups.find((g) => g.id === group.id)!.smileys;
    expect(shown).toEqual([{ id: smiley.id, tag, file: smiley.file }]);

    const file = await t.app.inject({ method: 'GET', url: smiley.file });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('refuses a duplicate tag, a bad tag and a picture that is not PNG, GIF or WebP', async () => {
    const group = await addGroup();
    const tag = uniqueTag();
    const image = await png(16, 16);
    expect((await postSmiley(admin, { tag, group_id: String(group.id) }, image)).statusCode).toBe(
      201,
    );
    const before = await counts();
    const duplicate = await postSmiley(admin, { tag, group_id: String(group.id) }, image);
    expect(duplicate.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(duplicate).errors.tag).toHaveLength(1);
    const badTag = await postSmiley(admin, { tag: 'a-b', group_id: String(group.id) }, image);
    expect(badTag.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(badTag).errors)).toEqual(['tag']);
    const notImage = await postSmiley(
      admin,
      { tag: uniqueTag(), group_id: String(group.id) },
      html(),
    );
    expect(notImage.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(notImage).errors)).toEqual(['image']);
    expect(await counts()).toEqual(before);
  });

  it('tells the later of two admins editing one smiley (409), and renames a tag only to a free one', async () => {
    const group = await addGroup();
    const image = await png(16, 16);
    const taken = uniqueTag();
    await postSmiley(admin, { tag: taken, group_id: String(group.id) }, image);
    const smiley = json<{ data: AdminSmiley }>(
      await postSmiley(admin, { tag: uniqueTag(), group_id: String(group.id) }, image),
    ).data;
    const other = await as('admin');
    const first = await admin.asBrowser({
      method: 'PATCH',
      url: `/api/admin/smileys/${smiley.id}`,
      payload: { tag: uniqueTag(), updated_at: smiley.updated_at },
    });
    expect(first.statusCode).toBe(200);
    const later = await other.asBrowser({
      method: 'PATCH',
      url: `/api/admin/smileys/${smiley.id}`,
      payload: { tag: uniqueTag(), updated_at: smiley.updated_at },
    });
    expect(later.statusCode).toBe(409);
    expect(json<{ data: AdminSmiley }>(first).data.tag).not.toBe(smiley.tag);
    const seen = json<{ data: AdminSmiley }>(first).data.updated_at;
    const clash = await admin.asBrowser({
      method: 'PATCH',
      url: `/api/admin/smileys/${smiley.id}`,
      payload: { tag: taken, updated_at: seen },
    });
    expect(clash.statusCode).toBe(422);
  });

  it('reorders by one call, keeps a group with smileys, deletes a smiley', async () => {
    const group = await addGroup();
    const image = await png(16, 16);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push(
        json<{ data: AdminSmiley }>(
          await postSmiley(admin, { tag: uniqueTag(), group_id: String(group.id) }, image),
        ).data.id,
      );
    const order = await admin.asBrowser({
      method: 'PUT',
      url: '/api/admin/smileys/order',
      payload: { groups: [{ id: group.id, smiley_ids: [ids[2], ids[0], ids[1]] }] },
    });
    expect(order.statusCode, order.body).toBe(200);
    const listed = json<{ data: AdminSmileyGroup[] }>(order).data.find((g) => g.id === group.id)!;
    expect(listed.smileys.map((s) => s.id)).toEqual([ids[2], ids[0], ids[1]]);
    const bad = await admin.asBrowser({
      method: 'PUT',
      url: '/api/admin/smileys/order',
      payload: { groups: [{ id: group.id, smiley_ids: [999_999] }] },
    });
    expect(bad.statusCode).toBe(422);

    const keep = await admin.asBrowser({
      method: 'DELETE',
      url: `/api/admin/smiley-groups/${group.id}`,
    });
    expect(keep.statusCode).toBe(422);
    for (const id of ids)
      expect(
        (await admin.asBrowser({ method: 'DELETE', url: `/api/admin/smileys/${id}` })).statusCode,
      ).toBe(204);
    const gone = await admin.asBrowser({
      method: 'DELETE',
      url: `/api/admin/smiley-groups/${group.id}`,
    });
    expect(gone.statusCode).toBe(204);
  });

  it('takes a WOFF2 font, serves it as font/woff2 for a year, refuses a renamed program', async () => {
    const events = recordEvents(t.app, 'catalog.updated');
    const font = await addFont(`Lobster ${uniqueTag()}`);
    expect(font.url).toMatch(/^\/storage\/fonts\/[a-f0-9]{24}\.woff2$/);
    expect(events).toContainEqual({ part: 'fonts' });
    const file = await t.app.inject({ method: 'GET', url: font.url! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('font/woff2');
    expect(file.headers['cache-control']).toContain('max-age=31536000');
    expect(file.rawPayload.equals(woff2())).toBe(true);

    const before = await counts();
    const renamed = await postFont(admin, `Evil ${uniqueTag()}`, program());
    expect(renamed.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(renamed).errors)).toEqual(['file']);
    const duplicate = await postFont(admin, font.font_family, woff2());
    expect(duplicate.statusCode).toBe(422);
    expect(await counts()).toEqual(before);

    const init = json<{ data: InitData }>(
      await t.app.inject({ method: 'GET', url: '/api/init?platform=pc' }),
    ).data;
    expect(init.fonts).toContainEqual({
      id: font.id,
      font_family: font.font_family,
      url: font.url,
      premium_only: false,
    });
  });

  it('withdraws a font that nicks use, deletes one nobody uses, and 409s a stale edit', async () => {
    const used = await addFont(`Used ${uniqueTag()}`);
    const unused = await addFont(`Unused ${uniqueTag()}`);
    const wearer = await buildUser(t.app);
    await t.app.deps.database.db
      .updateTable('users')
      .set({
        nick_style: JSON.stringify({
          color: null,
          has_gradient: false,
          gradient: [],
          font_id: used.id,
          weight: null,
          italic: false,
        }),
      })
      .where('id', '=', wearer.id)
      .execute();
    const withdrawn = await admin.asBrowser({
      method: 'DELETE',
      url: `/api/admin/fonts/${used.id}`,
    });
    expect(json(withdrawn)).toEqual({ data: { deleted: false, withdrawn: true } });
    const list = json<{ data: AdminFont[] }>(
      await admin.asBrowser({ method: 'GET', url: '/api/admin/fonts' }),
    ).data;
    expect(list.find((f) => f.id === used.id)).toMatchObject({ active: false, users: 1 });
    const init = json<{ data: InitData }>(
      await t.app.inject({ method: 'GET', url: '/api/init?platform=pc' }),
    ).data;
    expect(init.fonts.map((f) => f.id)).not.toContain(used.id);
    const log = await t.app.deps.database.db
      .selectFrom('admin_log')
      .select('action')
      .where('subject_type', '=', 'font')
      .where('subject_id', '=', String(used.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.action).toBe('fonts.withdraw');
    // Not offered any more: nobody picks it anew.
    const picker = await as('user');
    const pick = await picker.asBrowser({
      method: 'PATCH',
      url: '/api/my/nick',
      payload: { font_id: used.id },
    });
    expect(pick.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(pick).errors)).toEqual(['font_id']);

    const deleted = await admin.asBrowser({
      method: 'DELETE',
      url: `/api/admin/fonts/${unused.id}`,
    });
    expect(json(deleted)).toEqual({ data: { deleted: true, withdrawn: false } });
    expect((await t.app.inject({ method: 'GET', url: unused.url! })).statusCode).toBe(404);

    const fresh = await addFont(`Fresh ${uniqueTag()}`);
    const first = await admin.asBrowser({
      method: 'PATCH',
      url: `/api/admin/fonts/${fresh.id}`,
      payload: { premium_only: true, updated_at: fresh.updated_at },
    });
    expect(json<{ data: AdminFont }>(first).data.premium_only).toBe(true);
    const later = await admin.asBrowser({
      method: 'PATCH',
      url: `/api/admin/fonts/${fresh.id}`,
      payload: { font_family: 'Later', updated_at: fresh.updated_at },
    });
    expect(later.statusCode).toBe(409);
  });
});
