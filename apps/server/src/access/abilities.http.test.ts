import type { ChatMessage, ChatState, RoomDetail, RoomSummary } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildRoom, clientId, recordEvents } from '../test/chat-fixtures';
import { testDialects } from '../test/databases';
import { buildUser, json, signedIn } from '../test/factories';

const dialects = await testDialects();

// Answers carry the viewer's abilities (issue 18); what the room hears carries none.
describe.each(dialects)('abilities in answers on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: '1000' });
  });
  afterAll(async () => t.close());

  it('sends each viewer their own abilities on a room and its messages, and none to the room', async () => {
    const owner = await signedIn(t.app, await buildUser(t.app));
    const guest = await signedIn(t.app, await buildUser(t.app, { role: 'guest' }));
    const admin = await signedIn(t.app, await buildUser(t.app, { role: 'admin' }));
    const room = await buildRoom(t.app, { owner_id: owner.user.id });
    const stored = recordEvents(t.app, 'chat.message.stored');
    const updated = recordEvents(t.app, 'chat.room.updated');

    const enter = async (client: typeof owner) =>
      json<{ data: RoomDetail }>(
        await client.asBrowser({ method: 'POST', url: `/api/room/${room.id}/enter` }),
      ).data;
    expect((await enter(owner)).abilities).toEqual({
      update: true,
      invite: true,
      go_invisible: false,
    });
    expect((await enter(guest)).abilities).toEqual({
      update: false,
      invite: false,
      go_invisible: false,
    });
    expect((await enter(admin)).abilities).toEqual({
      update: true,
      invite: true,
      go_invisible: true,
    });

    const posted = json<{ data: ChatMessage }>(
      await owner.asBrowser({
        method: 'POST',
        url: `/api/room/${room.id}/message`,
        payload: { text: 'hello', client_id: clientId() },
      }),
    ).data;
    expect(posted.abilities).toEqual({
      delete_for_me: true,
      delete_for_everyone: true,
      quote: true,
      react: true,
      reply: true,
      edit: true,
    });
    expect(stored.at(-1)?.message).not.toHaveProperty('abilities');

    const read = async (client: typeof owner) =>
      json<{ data: ChatMessage[] }>(
        await client.asBrowser({ method: 'GET', url: `/api/room/${room.id}/messages` }),
      ).data.find((m) => m.id === posted.id)?.abilities;
    expect(await read(guest)).toEqual({
      delete_for_me: false,
      delete_for_everyone: false,
      quote: false,
      react: true,
      reply: true,
      edit: false,
    });
    expect(await read(admin)).toEqual({
      delete_for_me: true,
      delete_for_everyone: true,
      quote: true,
      react: true,
      reply: true,
      edit: false,
    });

    const state = json<{ data: ChatState }>(
      await guest.asBrowser({ method: 'GET', url: '/api/chat' }),
    ).data;
    expect(state.rooms.find((r) => r.id === room.id)?.abilities?.update).toBe(false);
    expect(state.available.every((r) => r.abilities !== undefined)).toBe(true);

    const renamed = json<{ data: RoomSummary }>(
      await owner.asBrowser({
        method: 'PATCH',
        url: `/api/room/${room.id}`,
        payload: { name_en: 'Renamed' },
      }),
    ).data;
    expect(renamed.abilities?.update).toBe(true);
    expect(updated.at(-1)?.room).not.toHaveProperty('abilities');
  });
});
