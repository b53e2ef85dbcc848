/**
 * "A banned user racing many posts at the moment of the ban (none after the ban lands)": the
 * check at the request's start reads the user row before the write, so the message transactions
 * check again (sanction-guard.ts). Here the posts race a gag, and the service is also called with
 * a user row read before the gag, as a request that passed its first check would hold.
 */
import type { BanWire } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../hostile/kit';
import { AppError } from '../../http/app-error';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, clientId, memberOf } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { json } from '../../test/factories';
import { sanctionsKit } from './sanctions-test-kit';

const dialects = await testDialects();
const POSTS = 30;

/**
 * Starts a third of POSTS posts, gives the gag while they are in flight and waits for it, then
 * starts the rest: the first posts race the gag, the others surely start after it landed (so the
 * test does not depend on how fast this machine is).
 */
async function raceGag<R>(post: (i: number) => Promise<R>, gag: () => Promise<R>) {
  const posts: Promise<R>[] = [];
  let gagged: R | null = null;
  for (let i = 0; i < POSTS; i++) {
    if (i === POSTS / 3) gagged = await gag();
    posts.push(post(i));
  }
  return { answers: await Promise.all(posts), gagged: gagged! };
}

describe.each(dialects)('a sanction racing posts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: '1000' });
  });
  afterAll(async () => t.close());

  const k = sanctionsKit(() => t.app);
  const db = () => t.app.deps.database.db;

  it('stores no room message after the gag lands, and every later post is refused', async () => {
    const room = await buildRoom(t.app);
    const speaker = await memberOf(t.app, room.id);
    const moderator = await k.person('moderator');
    const post = (i: number) =>
      speaker.asBrowser({
        method: 'POST',
        url: `/api/room/${room.id}/message`,
        payload: { text: `message number ${i}`, client_id: clientId() },
      });
    const { answers, gagged } = await raceGag(post, () => k.gag(moderator, speaker.user.id));
    expect(gagged.statusCode, gagged.body).toBe(201);
    const ban = json<{ data: BanWire }>(gagged).data;

    const accepted = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    // Posts started after the gag landed are refused.
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expectError(r, 403, 'gagged');
    const stored = await db()
      .selectFrom('messages')
      .select(['id', 'created_at'])
      .where('user_id', '=', speaker.user.id)
      .execute();
    expect(stored).toHaveLength(accepted.length);
    for (const m of stored) expect(m.created_at <= ban.created_at, m.created_at).toBe(true);
    expectError(await post(99), 403, 'gagged');
  });

  it('refuses a room message whose request read the user before the gag committed', async () => {
    const room = await buildRoom(t.app);
    const speaker = await memberOf(t.app, room.id);
    const moderator = await k.person('moderator');
    const before = await k.row(speaker.user.id);
    await k.given(moderator, {
      user_id: speaker.user.id,
      type: 'gag',
      period: '5m',
      reason: 'flood',
    });
    const late = () => ({
      text: 'late',
      client_id: clientId(),
      type_id: 1,
      mentions: [],
      attachments: [],
    });
    const refused = await t.app.deps.messages
      .post(before, room.id, late())
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('gagged');
    const banned = await k.person();
    await banned.asBrowser({ method: 'POST', url: `/api/room/${room.id}/enter` });
    const bannedRow = await k.row(banned.user.id);
    await k.given(moderator, {
      user_id: banned.user.id,
      type: 'ban',
      period: '5m',
      reason: 'spam',
    });
    const refusedBan = await t.app.deps.messages
      .post(bannedRow, room.id, late())
      .catch((e: unknown) => e);
    expect((refusedBan as AppError).code).toBe('banned');
    expect(
      await db().selectFrom('messages').select('id').where('text', '=', 'late').execute(),
    ).toEqual([]);
  });

  it('stores no private message after the gag lands', async () => {
    const writer = await k.person();
    const reader = await k.person();
    const moderator = await k.person('moderator');
    const opened = await writer.asBrowser({
      method: 'POST',
      url: '/api/im/channels',
      payload: { user_id: reader.user.id },
    });
    const channelId = json<{ data: { id: number } }>(opened).data.id;
    const send = (i: number) =>
      writer.asBrowser({
        method: 'POST',
        url: `/api/im/channel/${channelId}`,
        payload: { text: `private number ${i}`, client_id: clientId() },
      });
    const before = await k.row(writer.user.id);
    const { answers, gagged } = await raceGag(send, () => k.gag(moderator, writer.user.id));
    expect(gagged.statusCode, gagged.body).toBe(201);
    const ban = json<{ data: BanWire }>(gagged).data;
    const accepted = answers.filter((r) => r.statusCode === 201);
    for (const r of answers.filter((a) => a.statusCode !== 201)) expectError(r, 403, 'gagged');
    const stored = await db()
      .selectFrom('im_messages')
      .select(['id', 'created_at'])
      .where('user_id', '=', writer.user.id)
      .execute();
    expect(stored).toHaveLength(accepted.length);
    for (const m of stored) expect(m.created_at <= ban.created_at, m.created_at).toBe(true);
    // A request that read the row before the gag is refused inside its transaction.
    const late = await t.app.deps.im
      .post(before, channelId, { text: 'late', client_id: clientId(), attachments: [] })
      .catch((e: unknown) => e);
    expect((late as AppError).code).toBe('gagged');
    expectError(await send(99), 403, 'gagged');
  });
});
