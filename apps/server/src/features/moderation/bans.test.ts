import type { BanWire, MyBan, UserData } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../hostile/kit';
import { buildRoom, clientId, memberOf, recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { json } from '../../test/factories';
import { FOREVER } from './sanctions';
import { sanctionsSuite } from './sanctions-test-kit';

const dialects = await testDialects();

describe.each(dialects)('gags and bans on %s', (dialect) => {
  const { t, k, nothingChanges } = sanctionsSuite(dialect, { MESSAGE_RATE_LIMIT: '1000' });

  it('gags with the message as evidence: record, user row, log, events, expiry job', async () => {
    const room = await buildRoom(t.app);
    const target = await memberOf(t.app, room.id);
    const posted = await target.asBrowser({
      method: 'POST',
      url: `/api/room/${room.id}/message`,
      payload: { text: 'rude words', client_id: clientId() },
    });
    const messageId = json<{ data: { id: number } }>(posted).data.id;
    const moderator = await k.person('moderator');
    const sanctioned = recordEvents(t.app, 'moderation.sanctioned');
    const sanctions = recordEvents(t.app, 'moderation.sanctions');

    const res = await k.gag(moderator, target.user.id, {
      reason: 'taboo',
      taboo: 'drugs',
      comment: 'not here',
      message_id: messageId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const ban = json<{ data: BanWire }>(res).data;
    expect(ban).toMatchObject({
      user_id: target.user.id,
      user: { id: target.user.id },
      type: 'gag',
      type_id: 1,
      period: '1h',
      reason: 'taboo',
      taboo: 'drugs',
      comment: 'not here',
      moderator: { id: moderator.user.id },
      lifted_at: null,
      lifted_by: null,
      lift_reason: null,
      appeal: null,
      evidence: { kind: 'message', id: messageId, text: 'rude words', room_id: room.id },
    });
    expect(Date.parse(ban.expires_at!) - Date.parse(ban.created_at)).toBe(3600_000);
    expect((await k.row(target.user.id)).gag_until).toBe(ban.expires_at);
    expect((await k.row(target.user.id)).ban_until).toBeNull();
    expect((await k.logOf(target.user.id)).map((l) => [l.action, l.subject_id])).toEqual([
      ['gag', ban.id],
    ]);
    expect(sanctioned).toEqual([
      {
        ban: {
          id: ban.id,
          user_id: target.user.id,
          type: 'gag',
          type_id: 1,
          expires_at: ban.expires_at,
        },
      },
    ]);
    expect(sanctions).toEqual([
      { userId: target.user.id, gagUntil: ban.expires_at, banUntil: null },
    ]);
    const job = await t.app.deps.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'ban.expire')
      .where('dedupe_key', '=', `ban.expire:${ban.id}`)
      .executeTakeFirstOrThrow();
    expect(job.run_at).toBe(ban.expires_at);
    expect(JSON.parse(job.payload)).toEqual({ banId: ban.id });

    // The evidence stays even when the message is deleted for everyone.
    await moderator.asBrowser({
      method: 'DELETE',
      url: `/api/chat/message/delete_from_everyone/${messageId}`,
    });
    const mine = json<{ data: MyBan }>(
      await target.asBrowser({ method: 'GET', url: '/api/my/ban' }),
    );
    expect(mine.data.gag?.evidence?.text).toBe('rude words');
    expect(mine.data.ban).toBeNull();
  });

  it('refuses without the permission, on betters, equals and oneself, changing nothing', async () => {
    const user = await k.person();
    const guest = await k.person('guest');
    const moderator = await k.person('moderator');
    const otherModerator = await k.person('moderator');
    const admin = await k.person('admin');
    const target = await k.person();
    await nothingChanges(async () => {
      expectError(await k.gag(user, target.user.id), 403, 'forbidden');
      expectError(await k.gag(guest, target.user.id), 403, 'forbidden');
      expectError(await k.gag(moderator, admin.user.id), 403, 'forbidden');
      expectError(await k.gag(moderator, otherModerator.user.id), 403, 'forbidden');
      expectError(await k.gag(moderator, moderator.user.id), 403, 'forbidden');
      expectError(await k.gag(admin, admin.user.id), 403, 'forbidden');
      expectError(
        await k.ban(user, {
          user_id: target.user.id,
          type: 'full_ban',
          period: '1h',
          reason: 'spam',
        }),
        403,
        'forbidden',
      );
    });
    // An admin outranks a moderator.
    expect((await k.gag(admin, moderator.user.id)).statusCode).toBe(201);
  });

  it('refuses periods, reasons and taboo topics not in the lists, and bad targets, with 422', async () => {
    const moderator = await k.person('moderator');
    const target = await k.person();
    const other = await k.person();
    const room = await buildRoom(t.app);
    const speaker = await memberOf(t.app, room.id);
    const said = await speaker.asBrowser({
      method: 'POST',
      url: `/api/room/${room.id}/message`,
      payload: { text: 'hello', client_id: clientId() },
    });
    const othersMessage = json<{ data: { id: number } }>(said).data.id;
    const base = { user_id: target.user.id, type: 'ban', period: '1h', reason: 'spam' };
    await nothingChanges(async () => {
      expectInvalid(await k.ban(moderator, { ...base, period: '2w' }), ['period']);
      expectInvalid(await k.ban(moderator, { ...base, period: '7D' }), ['period']);
      expectInvalid(await k.ban(moderator, { ...base, reason: 'ugly' }), ['reason']);
      expectInvalid(await k.ban(moderator, { ...base, type: 'mute' }), ['type']);
      expectInvalid(await k.ban(moderator, { ...base, reason: 'taboo' }), ['taboo']);
      expectInvalid(await k.ban(moderator, { ...base, taboo: 'drugs' }), ['taboo']);
      expectInvalid(await k.ban(moderator, { ...base, reason: 'taboo', taboo: 'cats' }), ['taboo']);
      expectInvalid(await k.ban(moderator, { ...base, user_id: 2 ** 31 - 1 }), ['user_id']);
      expectInvalid(await k.ban(moderator, { ...base, message_id: othersMessage }), ['message_id']);
      expectInvalid(await k.ban(moderator, { ...base, message_id: 2 ** 31 - 1 }), ['message_id']);
    });
    // A deleted account cannot be sanctioned.
    await t.app.deps.database.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', other.user.id)
      .execute();
    expectInvalid(await k.ban(moderator, { ...base, user_id: other.user.id }), ['user_id']);
    expect(await k.bansOf(target.user.id)).toEqual([]);
  });

  it('refuses hostile bodies: objects for strings, prototype keys, overlong comments', async () => {
    const moderator = await k.person('moderator');
    const target = await k.person();
    const base = { user_id: target.user.id, type: 'gag', period: '1h', reason: 'flood' };
    await nothingChanges(async () => {
      expectInvalid(await k.ban(moderator, { ...base, user_id: { id: target.user.id } }), [
        'user_id',
      ]);
      expectInvalid(await k.ban(moderator, { ...base, period: ['1h'] }), ['period']);
      expectInvalid(await k.ban(moderator, { ...base, reason: { toString: 'flood' } }), ['reason']);
      expectInvalid(await k.ban(moderator, { ...base, comment: 'x'.repeat(1001) }), ['comment']);
      expectInvalid(await k.ban(moderator, { ...base, comment: { a: 1 } }), ['comment']);
      expect(
        (
          await moderator.asBrowser({
            method: 'POST',
            url: '/api/moderation/bans',
            headers: { 'content-type': 'application/json' },
            payload: `{"user_id":${target.user.id},"type":"gag","period":"1h","reason":"flood","__proto__":{"admin":true}}`,
          })
        ).statusCode,
      ).toBe(422);
    });
    // Markup is kept as text (the client shows it escaped), never interpreted here.
    const ban = await k.given(moderator, { ...base, comment: '<script>alert(1)</script>' });
    expect(ban.comment).toBe('<script>alert(1)</script>');
  });

  it('refuses a second sanction of the same kind and keeps the first; a gag and a ban coexist', async () => {
    const moderator = await k.person('moderator');
    const target = await k.person();
    const first = await k.given(moderator, {
      user_id: target.user.id,
      type: 'ban',
      period: '24h',
      reason: 'spam',
    });
    await nothingChanges(async () => {
      for (const type of ['ban', 'full_ban']) {
        const body = expectInvalid(
          await k.ban(moderator, { user_id: target.user.id, type, period: '1y', reason: 'flood' }),
          ['user_id'],
        );
        expect(body.errors!.user_id![0]).toContain(
          first.expires_at!.slice(0, 16).replace('T', ' '),
        );
      }
    });
    expect((await k.bansOf(target.user.id)).map((b) => b.id)).toEqual([first.id]);
    expect((await k.row(target.user.id)).ban_until).toBe(first.expires_at);
    // A gag is another kind.
    const gag = await k.given(moderator, {
      user_id: target.user.id,
      type: 'gag',
      period: 'forever',
      reason: 'profanity',
    });
    expect(gag.expires_at).toBeNull();
    expect((await k.row(target.user.id)).gag_until).toBe(FOREVER);
    const again = expectInvalid(await k.gag(moderator, target.user.id), ['user_id']);
    expect(again.errors!.user_id![0]).toMatch(/for good|бессрочный/);
    // A ban that has ended does not stand in the way (even if its job has not run yet).
    await k.endNow(first.id);
    expect(
      (
        await k.ban(moderator, {
          user_id: target.user.id,
          type: 'ban',
          period: '5m',
          reason: 'spam',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('gives exactly one ban when 20 identical requests arrive at once', async () => {
    const moderator = await k.person('moderator');
    const target = await k.person();
    const body = { user_id: target.user.id, type: 'ban', period: '7d', reason: 'behavior' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => k.ban(moderator, body)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(19);
    expect(await k.bansOf(target.user.id)).toHaveLength(1);
    expect((await k.logOf(target.user.id)).filter((l) => l.action === 'ban')).toHaveLength(1);
  });

  it('a full ban takes the user out of every room at once, as leaving the chat does', async () => {
    const moderator = await k.person('moderator');
    const [a, b] = [await buildRoom(t.app), await buildRoom(t.app)];
    const target = await memberOf(t.app, a.id);
    await target.asBrowser({ method: 'POST', url: `/api/room/${b.id}/enter` });
    expect(
      await t.app.deps.database.db
        .selectFrom('room_users')
        .select('room_id')
        .where('user_id', '=', target.user.id)
        .execute(),
    ).toHaveLength(2);
    const left = recordEvents(t.app, 'chat.user.left_chat');
    const banned = await k.given(moderator, {
      user_id: target.user.id,
      type: 'full_ban',
      period: '1M',
      reason: 'behavior',
    });
    expect(banned.type_id).toBe(3);
    expect(left).toEqual([{ userId: target.user.id }]);
    expect(
      await t.app.deps.database.db
        .selectFrom('room_users')
        .select('room_id')
        .where('user_id', '=', target.user.id)
        .execute(),
    ).toEqual([]);
    expect((await k.row(target.user.id)).ban_until).toBe(banned.expires_at);
    // And the banned person cannot come back in.
    expectError(
      await target.asBrowser({ method: 'POST', url: `/api/room/${a.id}/enter` }),
      403,
      'banned',
    );
  });

  it('shows the person their own sanctions in user data and /api/my/ban; names hidden when the site says so', async () => {
    const moderator = await k.person('moderator');
    const target = await k.person();
    const free = await k.person();
    const gag = await k.given(moderator, {
      user_id: target.user.id,
      type: 'gag',
      period: '1h',
      reason: 'flood',
    });
    const initOf = async (c: typeof target) =>
      json<{ data: { user: UserData } }>(await c.asBrowser({ method: 'GET', url: '/api/init' }))
        .data.user;
    expect((await initOf(target)).gag).toMatchObject({
      id: gag.id,
      moderator: { id: moderator.user.id },
    });
    expect((await initOf(target)).ban).toBeNull();
    expect((await initOf(free)).gag).toBeNull();

    await t.app.deps.database.db
      .insertInto('site_settings')
      .values({ key: 'hide_moderator_names', value: '1' })
      .execute();
    try {
      const mine = json<{ data: MyBan }>(
        await target.asBrowser({ method: 'GET', url: '/api/my/ban' }),
      ).data;
      expect(mine.gag).toMatchObject({ id: gag.id, moderator: null });
      // Staff still see who.
      const summary = json<{ data: { gag: BanWire } }>(
        await moderator.asBrowser({
          method: 'GET',
          url: `/api/moderation/users/${target.user.id}`,
        }),
      ).data;
      expect(summary.gag.moderator?.id).toBe(moderator.user.id);
    } finally {
      await t.app.deps.database.db
        .deleteFrom('site_settings')
        .where('key', '=', 'hide_moderator_names')
        .execute();
    }
    expect(
      json<{ data: MyBan }>(await free.asBrowser({ method: 'GET', url: '/api/my/ban' })).data,
    ).toEqual({
      gag: null,
      ban: null,
    });
  });
});
