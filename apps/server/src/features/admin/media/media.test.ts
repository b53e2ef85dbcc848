import type { AdminFrame, AdminSound, ChatSettings, Frame, PublicSound } from '@chat/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { recordEvents } from '../../../test/chat-fixtures';
import { testDialects } from '../../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../../test/factories';
import { HTML_PAGE, SVG_WITH_SCRIPT, form, png } from './media.test-kit';
import { beepWav } from './wav';

const dialects = await testDialects();

describe.each(dialects)('the admin frames and sounds on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await signedIn(t.app, await buildUser(t.app, { role: 'admin' }));
  });
  afterAll(async () => t.close());

  const db = () => t.app.deps.database.db;
  const wav = beepWav([{ hz: 440, ms: 40 }]);

  const addFrame = async (fields: Record<string, string> = {}) => {
    const res = await admin.asBrowser({
      method: 'POST',
      url: '/api/admin/frames',
      ...form(
        { name_ru: 'Рамка', name_en: 'Frame', ...fields },
        { field: 'image', name: 'frame.png', type: 'image/png', bytes: await png() },
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ data: AdminFrame }>(res).data;
  };
  const addSound = async (fields: Record<string, string> = {}) => {
    const res = await admin.asBrowser({
      method: 'POST',
      url: '/api/admin/sounds',
      ...form(
        { name_ru: 'Бип', name_en: 'Beep', ...fields },
        { field: 'file', name: 'beep.wav', type: 'audio/wav', bytes: wav },
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ data: AdminSound }>(res).data;
  };
  const defaultsOf = async (kind: string) =>
    db().selectFrom('sounds').select('id').where('default_for', '=', kind).execute();
  const snapshot = async () => ({
    frames: await db().selectFrom('frames').selectAll().orderBy('id').execute(),
    sounds: await db().selectFrom('sounds').selectAll().orderBy('id').execute(),
    log: await db().selectFrom('admin_log').select('id').orderBy('id').execute(),
  });
  const logRow = (action: string, subjectId: number) =>
    db()
      .selectFrom('admin_log')
      .selectAll()
      .where('action', '=', action)
      .where('subject_id', '=', String(subjectId))
      .executeTakeFirst();

  it('answers 403 to a user, a moderator and a guest and 401 to nobody, changing nothing', async () => {
    const frame = await addFrame();
    const sound = await addSound();
    const others = await Promise.all(
      (['user', 'moderator', 'guest'] as const).map(async (role) =>
        signedIn(t.app, await buildUser(t.app, { role })),
      ),
    );
    const pngBytes = await png();
    const calls: (InjectOptions & { url: string })[] = [
      { method: 'GET', url: '/api/admin/frames' },
      {
        method: 'POST',
        url: '/api/admin/frames',
        ...form(
          { name_ru: 'x', name_en: 'x' },
          { field: 'image', name: 'f.png', type: 'image/png', bytes: pngBytes },
        ),
      },
      {
        method: 'PATCH',
        url: `/api/admin/frames/${frame.id}`,
        payload: { name_en: 'Taken', updated_at: frame.updated_at },
      },
      { method: 'DELETE', url: `/api/admin/frames/${frame.id}` },
      { method: 'GET', url: '/api/admin/sounds' },
      {
        method: 'POST',
        url: '/api/admin/sounds',
        ...form(
          { name_ru: 'x', name_en: 'x', default_for: 'mention' },
          { field: 'file', name: 'b.wav', type: 'audio/wav', bytes: wav },
        ),
      },
      {
        method: 'PATCH',
        url: `/api/admin/sounds/${sound.id}`,
        payload: { default_for: 'im', updated_at: sound.updated_at },
      },
      { method: 'DELETE', url: `/api/admin/sounds/${sound.id}` },
    ];
    const before = await snapshot();
    for (const call of calls) {
      for (const who of others) {
        const res = await who.asBrowser(call);
        expect(res.statusCode, `${who.user.role} ${call.method} ${call.url}`).toBe(403);
        // A guest is told they must register (`guest`), the others that they may not.
        expect(['forbidden', 'guest']).toContain(json(res).code);
      }
      const res = await t.app.inject(call);
      expect(res.statusCode, `nobody ${call.method} ${call.url}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('adds a raster frame and refuses an SVG (with a script or not) and a renamed one by content', async () => {
    const told = recordEvents(t.app, 'catalog.updated');
    const frame = await addFrame({ premium_only: '1', position: '7' });
    expect(frame).toMatchObject({ premium_only: true, position: 7, active: true, wearers: 0 });
    expect(frame.url).toMatch(/^\/storage\/frames\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: frame.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(told).toEqual([{ part: 'frames' }]);
    expect(await logRow('frames.create', frame.id)).toBeDefined();

    const before = await snapshot();
    for (const file of [
      { name: 'evil.svg', type: 'image/svg+xml', bytes: SVG_WITH_SCRIPT },
      { name: 'evil.png', type: 'image/png', bytes: SVG_WITH_SCRIPT },
      { name: 'page.gif', type: 'image/gif', bytes: HTML_PAGE },
      // Starts like a PNG, is not one.
      { name: 'cut.png', type: 'image/png', bytes: (await png()).subarray(0, 40) },
    ]) {
      const res = await admin.asBrowser({
        method: 'POST',
        url: '/api/admin/frames',
        ...form({ name_ru: 'Злая', name_en: 'Evil' }, { field: 'image', ...file }),
      });
      expect(res.statusCode, file.name).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(res).errors.image?.[0]).toMatch(/SVG/);
    }
    const patched = await admin.asBrowser({
      method: 'PATCH',
      url: `/api/admin/frames/${frame.id}`,
      ...form(
        { updated_at: frame.updated_at },
        { field: 'image', name: 'f.svg', type: 'image/svg+xml', bytes: SVG_WITH_SCRIPT },
      ),
    });
    expect(patched.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
    expect(told).toEqual([{ part: 'frames' }]);
  });

  it('withdraws a frame someone wears instead of deleting it; they keep it, nobody new gets it', async () => {
    const frame = await addFrame();
    const wearer = await signedIn(t.app, await buildUser(t.app));
    const wear = await wearer.asBrowser({
      method: 'POST',
      url: '/api/my/frame',
      payload: { frame_id: frame.id },
    });
    expect([200, 204], wear.body).toContain(wear.statusCode);

    const res = await admin.asBrowser({ method: 'DELETE', url: `/api/admin/frames/${frame.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = json<{ data: { deleted: boolean; frame: AdminFrame } }>(res);
    expect(data).toMatchObject({
      deleted: false,
      frame: { id: frame.id, active: false, wearers: 1 },
    });
    expect(await logRow('frames.withdraw', frame.id)).toBeDefined();

    const row = await db()
      .selectFrom('frames')
      .selectAll()
      .where('id', '=', frame.id)
      .executeTakeFirst();
    expect(row?.active).toBe(0);
    const user = await t.app.deps.users.findById(wearer.user.id);
    expect(user).toMatchObject({ frame_id: frame.id, frame: frame.url });
    const offered = json<{ data: Frame[] }>(
      await t.app.inject({ method: 'GET', url: '/api/frames' }),
    );
    expect(offered.data.map((f) => f.id)).not.toContain(frame.id);
    const other = await signedIn(t.app, await buildUser(t.app));
    const refused = await other.asBrowser({
      method: 'POST',
      url: '/api/my/frame',
      payload: { frame_id: frame.id },
    });
    expect(refused.statusCode).toBe(422);

    // A frame nobody wears goes, file and all.
    const unworn = await addFrame();
    const gone = await admin.asBrowser({ method: 'DELETE', url: `/api/admin/frames/${unworn.id}` });
    expect(json(gone)).toEqual({ data: { deleted: true, frame: null } });
    expect(
      await db().selectFrom('frames').select('id').where('id', '=', unworn.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: unworn.url })).statusCode).toBe(404);
    expect(await logRow('frames.delete', unworn.id)).toBeDefined();
  });

  it('tells the later of two editors of a frame 409 and keeps the first change', async () => {
    const frame = await addFrame();
    const edit = (name_en: string) =>
      admin.asBrowser({
        method: 'PATCH',
        url: `/api/admin/frames/${frame.id}`,
        payload: { name_en, updated_at: frame.updated_at },
      });
    await new Promise((r) => setTimeout(r, 5));
    const first = await edit('First');
    expect(first.statusCode, first.body).toBe(200);
    const second = await edit('Second');
    expect(second.statusCode).toBe(409);
    expect(json(second)).toMatchObject({ code: 'conflict' });
    const row = await db()
      .selectFrom('frames')
      .select('name_en')
      .where('id', '=', frame.id)
      .executeTakeFirst();
    expect(row?.name_en).toBe('First');
  });

  it('starts a fresh site with a default sound for every kind, served as audio and cached', async () => {
    for (const kind of ['message', 'mention', 'im', 'notification'])
      expect(await defaultsOf(kind)).toHaveLength(1);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sounds',
      headers: { 'accept-language': 'en' },
    });
    const sounds = json<{ data: PublicSound[] }>(res).data;
    const mention = sounds.find((s) => s.default_for === 'mention');
    expect(mention?.url).toMatch(/^\/api\/sounds\/files\/.+\.wav$/);
    const file = await t.app.inject({ method: 'GET', url: mention!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.headers['cache-control']).toContain('max-age=31536000');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    for (const bad of ['../../secret.wav', 'x.html', 'nope.mp3'])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/sounds/files/${bad}` })).statusCode,
      ).toBe(404);
  });

  it('refuses an HTML file named .mp3 and other non-audio by content, changing nothing', async () => {
    const before = await snapshot();
    for (const file of [
      { name: 'song.mp3', type: 'audio/mpeg', bytes: HTML_PAGE },
      { name: 'song.ogg', type: 'audio/ogg', bytes: SVG_WITH_SCRIPT },
      { name: 'song.wav', type: 'audio/wav', bytes: await png() },
    ]) {
      const res = await admin.asBrowser({
        method: 'POST',
        url: '/api/admin/sounds',
        ...form({ name_ru: 'Песня', name_en: 'Song' }, { field: 'file', ...file }),
      });
      expect(res.statusCode, file.name).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(res).errors.file?.[0]).toMatch(/MP3/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps exactly one default per kind: a new default takes the kind from the old one', async () => {
    const told = recordEvents(t.app, 'catalog.updated');
    const [old] = await defaultsOf('mention');
    const fresh = await addSound({ default_for: 'mention' });
    expect(fresh.default_for).toBe('mention');
    expect(await defaultsOf('mention')).toEqual([{ id: fresh.id }]);
    const oldRow = await db()
      .selectFrom('sounds')
      .selectAll()
      .where('id', '=', old!.id)
      .executeTakeFirst();
    expect(oldRow?.default_for).toBeNull();

    const other = await addSound();
    const moved = await admin.asBrowser({
      method: 'PATCH',
      url: `/api/admin/sounds/${other.id}`,
      payload: { default_for: 'mention', updated_at: other.updated_at },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await defaultsOf('mention')).toEqual([{ id: other.id }]);
    expect(told).toEqual([{ part: 'sounds' }, { part: 'sounds' }, { part: 'sounds' }]);
    const logged = await logRow('sounds.update', other.id);
    expect(JSON.parse(String(logged?.after))).toMatchObject({ default_for: 'mention' });

    // A withdrawn sound is nobody's default.
    const refused = await admin.asBrowser({
      method: 'PATCH',
      url: `/api/admin/sounds/${other.id}`,
      payload: { active: false, updated_at: json<{ data: AdminSound }>(moved).data.updated_at },
    });
    expect(refused.statusCode).toBe(422);
    expect(await defaultsOf('mention')).toEqual([{ id: other.id }]);
  });

  it('tells the later of two editors of a sound 409, unsetting no other default', async () => {
    const sound = await addSound();
    await new Promise((r) => setTimeout(r, 5));
    const first = await admin.asBrowser({
      method: 'PATCH',
      url: `/api/admin/sounds/${sound.id}`,
      payload: { name_en: 'First', updated_at: sound.updated_at },
    });
    expect(first.statusCode).toBe(200);
    const before = await snapshot();
    const second = await admin.asBrowser({
      method: 'PATCH',
      url: `/api/admin/sounds/${sound.id}`,
      payload: { default_for: 'im', updated_at: sound.updated_at },
    });
    expect(second.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('deletes a sound with its file and log row; people choose sounds in their settings', async () => {
    const sound = await addSound();
    const person = await signedIn(t.app, await buildUser(t.app));
    const chosen = await person.asBrowser({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { sound_mention: sound.id, sound_im: null },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(json<{ data: ChatSettings }>(chosen).data).toMatchObject({
      sound_mention: sound.id,
      sound_im: null,
    });
    const res = await admin.asBrowser({ method: 'DELETE', url: `/api/admin/sounds/${sound.id}` });
    expect(res.statusCode).toBe(204);
    expect(await logRow('sounds.delete', sound.id)).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: sound.url })).statusCode).toBe(404);
    const listed = json<{ data: PublicSound[] }>(
      await t.app.inject({ method: 'GET', url: '/api/sounds' }),
    );
    expect(listed.data.map((s) => s.id)).not.toContain(sound.id);
  });
});
