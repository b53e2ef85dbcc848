/**
 * Issue 19 point 13: one text rule for every free-text field (packages/shared/src/rules/text.ts),
 * over HTTP on both databases. Control characters (NUL included: SQLite stored it from complaint
 * texts and ban comments), bidi overrides and fillers are refused with nothing stored; zero-width
 * characters are dropped; room names are compared for duplicates after folding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildRoom, clientId } from '../test/chat-fixtures';
import { testDialects } from '../test/databases';
import type { Client } from '../test/factories';
import { buildWorld, data, expectInvalid, observe, type Observer } from './kit';

const BAD = ['a\u0000b', 'abc\u202Edcba', 'x\u2067y\u2069', 'hi\u3164', '\u3164\u3164'];
const ZWSP = '\u200B';

describe.each(await testDialects())('one text rule on %s', (dialect) => {
  let t: TestApp;
  let obs: Observer;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    obs = await observe(t.app);
  });
  afterAll(async () => t.close());

  const nothingChanges = async (calls: () => Promise<unknown>) =>
    expect(await obs.changes(calls)).toEqual([]);
  const post = (who: Client, url: string, payload: Record<string, unknown>) =>
    who.asBrowser({ method: 'POST', url, payload });

  it('refuses control characters, bidi overrides and fillers in every free-text field, storing nothing', async () => {
    const w = await buildWorld(t.app);
    const complaint = data<{ id: number }>(
      await post(w.peer, '/api/complaints', {
        target_type: 'message',
        target_id: w.ownMessage.id,
        reason: 'spam',
      }),
    );
    await nothingChanges(async () => {
      for (const text of BAD) {
        expectInvalid(await post(w.peer, '/api/room', { name_ru: text, name_en: 'ok' }), [
          'name_ru',
        ]);
        expectInvalid(
          await post(w.owner, `/api/room/${w.room.id}/message`, { text, client_id: clientId() }),
          ['text'],
        );
        expectInvalid(
          await post(w.owner, `/api/im/channel/${w.im.channel.id}`, {
            text,
            client_id: clientId(),
          }),
          ['text'],
        );
        expectInvalid(await post(w.owner, '/api/user/status', { status: text }), ['status']);
        expectInvalid(
          await w.owner.asBrowser({
            method: 'PATCH',
            url: '/api/my/profile',
            payload: { about: text },
          }),
          ['about'],
        );
        expectInvalid(
          await post(w.outsider, '/api/complaints', {
            target_type: 'message',
            target_id: w.peerMessage.id,
            reason: 'spam',
            text,
          }),
          ['text'],
        );
        expectInvalid(await post(w.peer, `/api/complaints/${complaint.id}/comments`, { text }), [
          'text',
        ]);
        expectInvalid(
          await post(w.moderator, '/api/moderation/bans', {
            user_id: w.peer.user.id,
            type: 'gag',
            period: '1h',
            reason: 'behavior',
            comment: text,
          }),
          ['comment'],
        );
      }
    });
  });

  it('stores free text without zero-width characters, NFC', async () => {
    const w = await buildWorld(t.app);
    const status = await post(w.owner, '/api/user/status', { status: `на${ZWSP}месте` });
    expect(data<{ status: string }>(status).status).toBe('наместе');
    const sent = await post(w.owner, `/api/room/${w.room.id}/message`, {
      text: `he${ZWSP}llo \u0438\u0306`,
      client_id: clientId(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(data<{ text: string }>(sent).text).toBe('hello \u0439');
    // Nothing but invisible characters is an empty message.
    expectInvalid(
      await post(w.owner, `/api/room/${w.room.id}/message`, {
        text: `${ZWSP}\u2060\uFEFF`,
        client_id: clientId(),
      }),
      ['text'],
    );
  });

  it('refuses a room name that folds to another room’s, in either language', async () => {
    const w = await buildWorld(t.app);
    const name = `Lounge ${clientId().replace(/[^a-z]/gi, '')}`;
    // Straight in the database: a room made through the API sets off listeners that write later.
    const room = await buildRoom(t.app, { name_en: name, owner_id: w.peer.user.id });
    await nothingChanges(async () => {
      for (const twin of [
        `${name.slice(0, 3)}${ZWSP}${name.slice(3)}`,
        name.toUpperCase(),
        `${name}!`,
        ` ${name.replace(' ', '  ')} `,
      ]) {
        expectInvalid(await post(w.owner, '/api/room', { name_ru: 'Другая', name_en: twin }), [
          'name_en',
        ]);
        // The other language's name of a room counts too.
        expectInvalid(await post(w.owner, '/api/room', { name_ru: twin, name_en: 'Another' }), [
          'name_ru',
        ]);
        expectInvalid(
          await w.owner.asBrowser({
            method: 'PATCH',
            url: `/api/room/${w.room.id}`,
            payload: { name_en: twin },
          }),
          ['name_en'],
        );
      }
    });
    // A room keeps its own name when renamed (or restyled).
    const same = await w.peer.asBrowser({
      method: 'PATCH',
      url: `/api/room/${room.id}`,
      payload: { name_en: name.toUpperCase() },
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});
