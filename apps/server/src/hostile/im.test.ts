/**
 * Hostile input to private messages: free text is stored and answered verbatim as data; wrong
 * types, prototype keys and oversized text are refused with 422 and change nothing; other
 * people's channels, messages and pictures stay theirs (404 / 422), and a deleted person's
 * channel is gone.
 */
import type { ImMessage, ImMessagesPage } from '@chat/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../lib/clock';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { clientId } from '../test/chat-fixtures';
import { testDialects } from '../test/databases';
import { json, type Client } from '../test/factories';
import {
  asForm,
  buildWorld,
  data,
  expectError,
  expectInvalid,
  inBodyKind,
  observe,
  polluted,
  type Observer,
  type World,
} from './kit';

const dialects = await testDialects();

const HOSTILE_TEXTS = [
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  "{{constructor.constructor('alert(1)')()}}",
  "'; DROP TABLE im_messages; --",
  // Bidi overrides are refused, zero-width characters dropped (text-rule.test.ts).
  '👨‍👩‍👧‍👦 ё Ё й 𝔸 ﷺ',
  '&lt;b&gt; &amp; &#x3C;',
  '__proto__ constructor prototype',
];

describe.each(dialects)('hostile input to private messages on %s', (dialect) => {
  let t: TestApp;
  let obs: Observer;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: '1000' });
    obs = await observe(t.app);
  });
  afterAll(async () => t.close());

  const nothingChanges = async (calls: () => Promise<unknown>) =>
    expect(await obs.changes(calls)).toEqual([]);
  const post = (client: Client, w: World, payload: unknown, channelId = w.im.channel.id) =>
    client.asBrowser({
      method: 'POST',
      url: `/api/im/channel/${channelId}`,
      payload: payload as InjectOptions['payload'],
    });

  it('stores markup, injections and odd Unicode verbatim, from JSON, form and multipart', async () => {
    const w = await buildWorld(t.app);
    const ids: { text: string; id: number }[] = [];
    for (const [i, text] of HOSTILE_TEXTS.entries()) {
      const call: InjectOptions = {
        method: 'POST',
        url: `/api/im/channel/${w.im.channel.id}`,
        payload: { text, client_id: clientId() },
      };
      const author = i % 2 ? w.peer : w.owner;
      const res = await author.asBrowser(inBodyKind(call, i));
      expect(res.statusCode, `${text}: ${res.body}`).toBe(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const message = data<ImMessage>(res);
      expect(message.text).toBe(text);
      ids.push({ text, id: message.id });
    }
    const shown = new Map(
      json<ImMessagesPage>(
        await w.peer.asBrowser({ method: 'GET', url: `/api/im/message/${w.im.channel.id}` }),
      ).data.map((m) => [m.id, m.text]),
    );
    for (const { text, id } of ids) expect(shown.get(id)).toBe(text);
  });

  it('refuses wrong types where strings, ids and lists belong, changing nothing', async () => {
    const w = await buildWorld(t.app);
    const cases: [unknown, string[]][] = [
      [{ text: { $gt: '' }, client_id: clientId() }, ['text']],
      [{ text: ['a', 'b'], client_id: clientId() }, ['text']],
      [{ text: 42, client_id: clientId() }, ['text']],
      [{ text: 'hi', client_id: { toString: 'x' } }, ['client_id']],
      [{ text: 'hi', client_id: '../../etc/passwd' }, ['client_id']],
      [{ text: 'hi', client_id: '<script>' }, ['client_id']],
      [{ text: 'hi' }, ['client_id']],
      [{ text: 'hi', client_id: clientId(), attachments: 'all' }, ['attachments']],
      [{ text: 'hi', client_id: clientId(), attachments: [{ id: 1 }] }, ['attachments']],
      [{ text: 'hi', client_id: clientId(), attachments: [-1, 0] }, ['attachments']],
      [{ text: 'hi', client_id: clientId(), attachments: Array(11).fill(1) }, ['attachments']],
      [{ text: 'nul\u0000byte', client_id: clientId() }, ['text']],
      [{ text: 'x'.repeat(1001), client_id: clientId() }, ['text']],
      [{ text: 'x'.repeat(100_000), client_id: clientId() }, ['text']],
      [{ text: '', client_id: clientId(), attachments: [] }, ['text']],
    ];
    await nothingChanges(async () => {
      for (const [payload, fields] of cases)
        expectInvalid(await post(w.owner, w, payload), fields, true);
      for (const user_id of [{}, [w.peer.user.id], 'abc', '1e3', -5, 0, 1.5, null, true])
        expectInvalid(
          await w.owner.asBrowser({
            method: 'POST',
            url: '/api/im/channels',
            payload: { user_id },
          }),
          ['user_id'],
        );
    });
  });

  it('refuses prototype keys in JSON and lets no form key pollute anything', async () => {
    const w = await buildWorld(t.app);
    await nothingChanges(async () => {
      for (const body of [
        `{"text":"hi","client_id":"${clientId()}","__proto__":{"role":"admin"}}`,
        `{"text":"hi","client_id":"${clientId()}","constructor":{"prototype":{"x":1}}}`,
        `{"user_id":${w.outsider.user.id},"__proto__":{"polluted":1}}`,
      ]) {
        const url = body.includes('user_id')
          ? '/api/im/channels'
          : `/api/im/channel/${w.im.channel.id}`;
        const res = await w.owner.asBrowser({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: body,
        });
        expect(res.statusCode, res.body).toBe(422);
      }
    });
    const res = await w.owner.asBrowser(
      asForm(
        { method: 'POST', url: `/api/im/channel/${w.im.channel.id}`, payload: {} },
        `text=hi&client_id=${clientId()}&__proto__[role]=admin&constructor[prototype][x]=1`,
      ),
    );
    expect(res.statusCode).toBeLessThan(500);
    expect(polluted()).toEqual([]);
  });

  it('keeps other people’s channels, messages and pictures theirs, changing nothing', async () => {
    const w = await buildWorld(t.app);
    const foreignChannel = w.im.strangerChannel.id;
    const foreignMessage = w.im.strangerMessage.id;
    const at = nowIso();
    const picture = await t.database.db
      .insertInto('attachments')
      .values({
        user_id: w.stranger.user.id,
        purpose: 'attachment',
        status: 'complete',
        mime: 'image/png',
        width: 1,
        height: 1,
        size: 1,
        adult: 0,
        adult_marked: 0,
        original_key: null,
        file_key: 'files/x.png',
        thumb_key: null,
        error: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await nothingChanges(async () => {
      for (const call of [
        { method: 'GET', url: `/api/im/message/${foreignChannel}` },
        { method: 'GET', url: `/api/im/message/${foreignChannel}?after=0` },
        {
          method: 'POST',
          url: `/api/im/channel/${foreignChannel}`,
          payload: { text: 'x', client_id: clientId() },
        },
        { method: 'POST', url: `/api/im/channel/${foreignChannel}/read` },
        { method: 'DELETE', url: `/api/im/message/${foreignMessage}` },
        { method: 'POST', url: `/api/im/message/${foreignMessage}/restore` },
        { method: 'GET', url: `/api/im/message/${2 ** 31 - 1}` },
        { method: 'DELETE', url: `/api/im/message/${2 ** 31 - 1}` },
      ] as const) {
        const res = await w.owner.asBrowser({ ...call });
        expectError(res, 404, 'not_found');
        expect(res.body).not.toContain(w.im.strangerMessage.text);
      }
      // The peer may see the owner's message, not delete or restore it.
      expectError(
        await w.peer.asBrowser({ method: 'DELETE', url: `/api/im/message/${w.im.ownMessage.id}` }),
        403,
        'forbidden',
      );
      expectInvalid(
        await post(w.owner, w, { text: 'look', client_id: clientId(), attachments: [picture.id] }),
        ['attachments'],
      );
      // A guest cannot write or open, even with a right channel id.
      expectError(await post(w.guest, w, { text: 'hi', client_id: clientId() }), 403, 'guest');
    });
  });

  it('answers 404 on a deleted person’s channel', async () => {
    const w = await buildWorld(t.app);
    // Account deletion keeps the row (anonymised, with deleted_at): moderation records point at it.
    await t.database.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', w.peer.user.id)
      .execute();
    await nothingChanges(async () => {
      expectError(await post(w.owner, w, { text: 'hi', client_id: clientId() }), 404);
      // The history stays readable to the one who is left.
      expect(
        (await w.owner.asBrowser({ method: 'GET', url: `/api/im/message/${w.im.channel.id}` }))
          .statusCode,
      ).toBe(200);
      expectError(
        await w.owner.asBrowser({
          method: 'POST',
          url: '/api/im/channels',
          payload: { user_id: w.peer.user.id },
        }),
        404,
      );
    });
  });
});
