import { describe, expect, it } from 'vitest';
import {
  loadRooms,
  makeHarness,
  makeMessage,
  makeMessageUser,
  makeRoomDetail,
} from '../../test/chat-store-kit';
import { makeReaction } from '../../../../../packages/shared/src/test/chat-fixtures';

const anna = makeMessageUser({ id: 3 });
const bob = makeMessageUser({ id: 4 });
const quoteOfOriginal = {
  id: 10,
  user: { id: anna.id, slug: anna.slug, nick: anna.nick.nick },
  text: 'the original',
};

async function roomWithReply() {
  const h = makeHarness();
  await loadRooms(h, [
    makeRoomDetail({
      id: 1,
      messages: [
        makeMessage({ id: 10, user: anna, text: 'the original' }),
        makeMessage({
          id: 11,
          user: bob,
          text: 'an answer',
          reply_to: quoteOfOriginal,
          reactions: [makeReaction('like', 3)],
        }),
      ],
    }),
  ]);
  const messages = () => h.store.getState().rooms.rooms[0]!.messages;
  return { h, messages };
}

describe('replies and edits in the chat store', () => {
  it('MessageUpdated: the new text and edit time, reactions kept, quotes of it follow', async () => {
    const { h, messages } = await roomWithReply();
    const at = '2024-05-01T12:01:00.000Z';
    h.store.getState().messageUpdated(
      makeMessage({
        id: 11,
        user: bob,
        text: 'a better answer',
        edited_at: at,
        reply_to: quoteOfOriginal,
      }),
    );
    h.store
      .getState()
      .messageUpdated(
        makeMessage({ id: 10, user: anna, text: 'the original, fixed', edited_at: at }),
      );
    const [original, reply] = messages();
    expect(original).toMatchObject({ text: 'the original, fixed', edited_at: at });
    expect(reply).toMatchObject({ text: 'a better answer', edited_at: at });
    expect(reply!.reactions).toHaveLength(1);
    expect(reply!.reply_to?.text).toBe('the original, fixed');
  });

  it("takes a deleted original's words out of the replies that quote it", async () => {
    const { h, messages } = await roomWithReply();
    h.store.getState().messageDeleted({ id: 10, room_id: 1 });
    expect(messages().map((m) => m.id)).toEqual([11]);
    expect(messages()[0]!.reply_to).toEqual({ id: 10, user: null, text: '', deleted: true });
    expect(JSON.stringify(messages())).not.toContain('the original');
  });

  it("takes a sanctioned author's words out of quotes with their messages", async () => {
    const { h, messages } = await roomWithReply();
    h.store.getState().userBanned({ user_id: anna.id, type: 'ban' } as never);
    expect(messages().map((m) => m.id)).toEqual([11]);
    expect(messages()[0]!.reply_to?.deleted).toBe(true);
  });

  it('edits through the API and keeps the answer', async () => {
    const { h, messages } = await roomWithReply();
    await h.store.getState().editMessage(messages()[1]!, 'edited by me', []);
    expect(h.api.editMessage).toHaveBeenCalledWith(11, { text: 'edited by me', mentions: [] });
    expect(messages()[1]!.text).toBe('edited by me');
    expect(messages()[1]!.edited_at).not.toBeNull();
  });

  it('sends a reply with the id of the message it answers', async () => {
    const { h } = await roomWithReply();
    h.store.getState().sendMessage(1, 'me too', [], { replyTo: quoteOfOriginal });
    await h.store.getState().flushOutbox();
    expect(h.api.sendMessage).toHaveBeenCalledWith(
      1,
      expect.objectContaining({ text: 'me too', reply_to: 10 }),
    );
  });
});
