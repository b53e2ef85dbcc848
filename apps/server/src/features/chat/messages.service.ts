import {
  findTypedMentions,
  GUEST_MESSAGE_MAX_LENGTH,
  MENTIONS_MAX,
  MESSAGE_EDIT_WINDOW_MS,
  MESSAGE_MAX_LENGTH,
  MESSAGE_TYPE,
  MESSAGES_AFTER_MAX,
  MESSAGES_PAGE,
  nickKey,
  type ChatMessage,
  type EditMessageBody,
  type MessageEdit,
  type PostMessageBody,
} from '@chat/shared';
import * as messagePolicy from '../../access/message.policy';
import { viewerOf } from '../../access/viewer';
import type { GifRow, MessageRow, UserRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { DomainEvents } from '../../events/domain-events';
import { forbidden, invalid, notFound } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import type { GifsService } from '../gifs/gifs.service';
import type { JobPayloads } from '../jobs/job-queue';
import type { Attachments } from '../uploads/attachments.service';
import { presentMessage } from './chat.presenter';
import type { NewMessage } from './message-insert';
import type { MessagesRepository, RepliedMessage } from './messages.repository';
import type { RepeatGuard } from './repeat-guard';
import type { RoomRosters, RosterMember } from './room-rosters';
import type { RoomView } from './room-view';
import type { RoomsRepository } from './rooms.repository';
import { numberSetting } from '../admin/settings/live-settings';

export interface PostResult {
  message: ChatMessage;
  /** True when this client_id was seen before: the first message is answered again. */
  replay: boolean;
}

export class MessagesService {
  private readonly userRule: RateLimitRule;
  private readonly guestRule: RateLimitRule;
  /** Edits: enough to fix a few typos, not a channel to flood the room with. */
  private readonly editRule: RateLimitRule = {
    name: 'message-edit',
    points: 10,
    durationSeconds: 60,
  };

  constructor(
    private readonly messages: MessagesRepository,
    private readonly rooms: RoomsRepository,
    private readonly view: RoomView,
    private readonly rateLimits: RateLimits,
    private readonly repeats: RepeatGuard,
    private readonly events: DomainEvents,
    messagesPer10s: number,
    private readonly gifs: GifsService,
    private readonly attachments: Attachments,
    private readonly rosters: RoomRosters,
    private readonly units: UnitOfWork<JobPayloads>,
  ) {
    // Pictures on a room message are seen by whoever may read that room (GET /api/upload/{id}).
    attachments.registerVisibility('room', (viewerId, messageId) =>
      this.canSeeMessage(viewerId, messageId),
    );
    this.userRule = { name: 'message', points: messagesPer10s, durationSeconds: 10 };
    this.guestRule = {
      name: 'message-guest',
      points: Math.max(1, Math.floor(messagesPer10s / 2)),
      durationSeconds: 10,
    };
  }

  async history(
    user: UserRow,
    roomId: number,
    cursor: { before?: number; after?: number },
  ): Promise<ChatMessage[]> {
    await this.assertMember(roomId, user.id);
    const limit = cursor.after !== undefined ? MESSAGES_AFTER_MAX : MESSAGES_PAGE;
    const viewer = viewerOf(user);
    // Trolls' messages only for those who may see trolls (and the troll's own).
    const seesTrolls = messagePolicy.canSeeTrolls(viewer);
    return this.view.messagesWithReactions(
      await this.messages.page(roomId, user.id, { ...cursor, limit, seesTrolls }),
      viewer,
    );
  }

  /**
   * Stores a message and tells the room. The client_id makes it idempotent: a retry after a
   * lost answer gets the first message back, never a copy, and is not counted as flood. The
   * store itself tells a retry (its client_id is known), so a new message costs no lookup
   * before it; a retry over the rate limit is looked up then.
   */
  async post(
    user: UserRow,
    roomId: number,
    body: PostMessageBody,
    socketId?: string,
  ): Promise<PostResult> {
    await this.assertMember(roomId, user.id);
    const text = body.text.trim();
    const isGuest = !viewerOf(user).registered;
    // Notices from the site are the site's own: nobody posts one.
    if (body.type_id === MESSAGE_TYPE.system) throw invalid({ type_id: ['invalid_value'] });
    const gif = await this.gifOf(body);
    // A picture or a GIF says something by itself; a plain message or a "/me" action needs words.
    const bare = gif === null && body.attachments.length === 0;
    if (text.length === 0 && (bare || body.type_id === MESSAGE_TYPE.action))
      throw invalid({ text: ['message.empty'] });
    if ([...text].length > (isGuest ? GUEST_MESSAGE_MAX_LENGTH : MESSAGE_MAX_LENGTH))
      throw invalid({ text: ['message.too_long'] });
    const attachments = await this.attachments.claim(user.id, body.attachments, {
      publicChat: true,
    });
    // An admin's message_rate_limit, once stored, replaces MESSAGE_RATE_LIMIT (admin/settings);
    // the limiters are kept per rule name, so a new limit counts under a name of its own.
    const per10s = numberSetting('message_rate_limit', this.userRule.points);
    const base = isGuest ? this.guestRule : this.userRule;
    const rule =
      per10s === this.userRule.points
        ? base
        : {
            ...base,
            name: `${base.name}.${per10s}`,
            points: isGuest ? Math.max(1, Math.floor(per10s / 2)) : per10s,
          };
    try {
      await this.rateLimits.hit(rule, String(user.id));
    } catch (error) {
      const first = await this.replay(user, roomId, body.client_id);
      if (first) return first;
      throw error;
    }
    const said = [text, gif ? `gif:${gif.id}` : '', ...attachments.map((a) => `a:${a.id}`)].filter(
      Boolean,
    );
    if (await this.repeats.isRepeat(user.id, roomId, said.join('\u0000'), body.client_id))
      throw invalid({ text: ['message.repeated'] });

    const nicks = await this.mentions(roomId, user.id, text, body.mentions);
    const replied =
      body.reply_to === undefined ? null : await this.repliable(user, roomId, body.reply_to);
    const newRow: NewMessage = {
      room_id: roomId,
      user_id: user.id,
      type_id: body.type_id,
      text,
      nicks: JSON.stringify(nicks),
      attachments: JSON.stringify(attachments),
      client_id: body.client_id,
      created_at: nowIso(),
      deleted_at: null,
      gif_id: gif?.id ?? null,
      reply_to_id: replied?.id ?? null,
    };
    // Pictures are linked in the message's own commit; a message without any keeps the
    // group commit of its turn.
    const row =
      attachments.length === 0
        ? await this.messages.insert(newRow)
        : await this.storeWithAttachments(
            newRow,
            attachments.map((a) => a.id),
          );
    if (!row) {
      // A retry (or the same client_id racing in twice): the first one stays, and is answered.
      await this.rateLimits.refund(rule, String(user.id));
      const first = await this.replay(user, roomId, body.client_id);
      if (!first) throw new Error('a message client_id conflicted but is not there');
      return first;
    }
    if (gif) await this.gifs.markUsed(user.id, gif.id);
    // A new message has no reactions and its author is the caller: no need to read it back.
    // Its quote was checked against the whole room's view (repliable), so all may see it.
    const message = presentMessage({ ...row, author: user, gif, reply: replied }, [], () => true);
    this.events.emit('chat.message.stored', {
      message,
      ...(socketId ? { exceptSocketId: socketId } : {}),
      // A troll's message reaches only them and those who may see trolls (chat.realtime.ts).
      ...(user.is_troll === 1 ? { troll: true } : {}),
    });
    // The room hears it without abilities; the author's answer carries theirs.
    const abilities = messagePolicy.abilities(viewerOf(user), row, messagePolicy.AS_MEMBER);
    return { message: { ...message, abilities }, replay: false };
  }

  /**
   * Gives one's own message a new text within MESSAGE_EDIT_WINDOW_MS (issue 20, point 4): the
   * rules of posting (length, words needed, mentions found again), the text it had kept for
   * moderators, and the room told (MessageUpdated, with the audience of the message itself).
   */
  async edit(user: UserRow, messageId: number, body: EditMessageBody): Promise<ChatMessage> {
    const found = await this.messages.find(messageId);
    if (!found || found.deleted_at || !(await this.rosters.isMember(found.room_id, user.id)))
      throw notFound();
    const viewer = viewerOf(user);
    if (!messagePolicy.can(viewer, 'edit', found, messagePolicy.AS_MEMBER))
      throw forbidden(found.user_id === user.id ? 'message.edit_closed' : undefined);
    // One the author deleted for themself is not there for them: an edit they cannot present
    // back (nor tell the room of) would rewrite it silently.
    await this.ownRow(messageId, user, found.room_id);
    const text = body.text.trim();
    const bare = found.gif_id === null && found.attachments === '[]';
    if (text.length === 0 && (bare || found.type_id === MESSAGE_TYPE.action))
      throw invalid({ text: ['message.empty'] });
    if ([...text].length > (viewer.registered ? MESSAGE_MAX_LENGTH : GUEST_MESSAGE_MAX_LENGTH))
      throw invalid({ text: ['message.too_long'] });
    if (text === found.text) return this.present(messageId, user, found.room_id);
    await this.rateLimits.hit(this.editRule, String(user.id));
    const nicks = await this.mentions(found.room_id, user.id, text, body.mentions);
    const now = nowIso();
    const postedAfter = new Date(Date.parse(now) - MESSAGE_EDIT_WINDOW_MS).toISOString();
    const edited = await this.units.run((tx) =>
      this.messages.edit(
        tx.db,
        messageId,
        user.id,
        { text, nicks: JSON.stringify(nicks) },
        now,
        postedAfter,
      ),
    );
    // Deleted, or the window closed, between the look-up and the write.
    if (!edited) throw forbidden('message.edit_closed');
    const row = await this.ownRow(messageId, user, found.room_id);
    const { mine, forRoom } = await this.view.forAuthorAndRoom(row, viewer);
    this.events.emit('chat.message.updated', {
      message: forRoom,
      ...(user.is_troll === 1 ? { troll: true } : {}),
    });
    return mine;
  }

  /** The texts a message had before its edits, for those who may read them (`message.edits`). */
  async edits(user: UserRow, messageId: number): Promise<MessageEdit[]> {
    const viewer = viewerOf(user);
    if (!messagePolicy.readsEdits(viewer)) throw forbidden();
    const message = await this.messages.find(messageId);
    // A message of a room the asker may not read is not there for them (404, never 403).
    const room = message ? await this.rooms.find(message.room_id) : undefined;
    const member =
      room !== undefined &&
      room.is_public !== 1 &&
      (await this.rooms.membership(room.id, user.id)) !== undefined;
    if (!message || !messagePolicy.canReadEdits(viewer, { room, member })) throw notFound();
    return this.messages.edits(messageId);
  }

  /** Hides a message from the caller's own view ("delete for me"). */
  async hide(user: UserRow, messageId: number): Promise<void> {
    const message = await this.messages.find(messageId);
    if (!message || !(await this.rooms.membership(message.room_id, user.id))) throw notFound();
    if (!messagePolicy.can(viewerOf(user), 'hide', message, messagePolicy.AS_MEMBER))
      throw forbidden();
    await this.messages.hide(user.id, messageId);
  }

  async deleteFromEveryone(user: UserRow, messageId: number): Promise<void> {
    // With its author's role: staff delete only what someone they outrank wrote.
    const message = await this.messages.findWithAuthorRole(messageId);
    if (!message || message.deleted_at) throw notFound();
    const viewer = viewerOf(user);
    const member = (await this.rooms.membership(message.room_id, user.id)) !== undefined;
    if (!messagePolicy.canFind(viewer, { member })) throw notFound();
    const place = { room: undefined, member };
    if (!messagePolicy.can(viewer, 'delete_for_everyone', message, place))
      throw forbidden(viewer.can('message.delete_any') ? 'moderation.outranked' : undefined);
    await this.messages.markDeleted(messageId, nowIso());
    this.events.emit('chat.message.deleted', { id: messageId, roomId: message.room_id });
  }

  /** The message and its attachments' links in one unit: a link never points at nothing. */
  private storeWithAttachments(row: NewMessage, ids: number[]): Promise<MessageRow | null> {
    return this.units.run(async (tx) => {
      const stored = await this.messages.insertIn(tx.db, row);
      if (stored) await this.attachments.link(ids, 'room', stored.id, tx.db);
      return stored;
    });
  }

  /**
   * Who the message mentions: members the author picked by clicking, kept when their nick really
   * is in the text, then members whose nick the author typed by hand (the shared rule; never
   * the author, nor an invisible member, whose presence a mention would give away).
   */
  private async mentions(
    roomId: number,
    authorId: number,
    text: string,
    ids: number[],
  ): Promise<{ nick: string; user_id: number }[]> {
    if (text === '') return [];
    const lowered = nickKey(text);
    const clicked: RosterMember[] = [];
    if (ids.length > 0) {
      const roster = await this.rosters.of(roomId);
      for (const id of ids) {
        const member = roster.get(id);
        if (member && lowered.includes(member.nick_key)) clicked.push(member);
      }
    }
    const typed = findTypedMentions(
      text,
      await this.rosters.mentionIndex(roomId),
      (m) => m.id === authorId || m.invisible !== 0,
    );
    const found = new Map<number, { nick: string; user_id: number }>();
    for (const m of [...clicked, ...typed])
      if (!found.has(m.id) && found.size < MENTIONS_MAX)
        found.set(m.id, { nick: m.nick, user_id: m.id });
    return [...found.values()];
  }

  /** The library GIF a message shows: required by (and only allowed with) the GIF type. */
  private async gifOf(body: PostMessageBody): Promise<GifRow | null> {
    if (body.type_id !== MESSAGE_TYPE.gif) {
      if (body.gif_id !== undefined) throw invalid({ gif_id: ['invalid_value'] });
      return null;
    }
    if (body.gif_id === undefined) throw invalid({ gif_id: ['required'] });
    const gif = await this.gifs.find(body.gif_id);
    if (!gif) throw invalid({ gif_id: ['invalid_value'] });
    return gif;
  }

  /** Whether the viewer may read this room message (the message policy's canSee). */
  private async canSeeMessage(viewerId: number, messageId: number): Promise<boolean> {
    const message = await this.messages.find(messageId);
    if (!message || message.deleted_at) return false;
    const room = await this.rooms.find(message.room_id);
    if (!room) return false;
    const member =
      room.is_public !== 1 && (await this.rooms.membership(room.id, viewerId)) !== undefined;
    return messagePolicy.canSee({ id: viewerId }, message, { room, member });
  }

  /**
   * The message a reply answers, when the replier may answer it: of the same room, not deleted,
   * and no troll's but their own (the message policy's `reply`). Whatever they may not see
   * is refused the same way as what does not exist.
   */
  private async repliable(user: UserRow, roomId: number, id: number): Promise<RepliedMessage> {
    const original = await this.messages.findReplied(id);
    const allowed =
      original !== undefined &&
      original.room_id === roomId &&
      messagePolicy.can(
        viewerOf(user),
        'reply',
        {
          user_id: original.user_id,
          deleted_at: original.deleted_at,
          author: { role: '', is_troll: original.author_is_troll ? 1 : 0 },
        },
        messagePolicy.AS_MEMBER,
      );
    if (!allowed) throw invalid({ reply_to: ['message.reply_unavailable'] });
    return original;
  }

  /** The message this client_id already stored, answered again; null when there is none. */
  private async replay(
    user: UserRow,
    roomId: number,
    clientId: string,
  ): Promise<PostResult | null> {
    const existing = await this.messages.findByClientId(user.id, clientId);
    if (!existing) return null;
    if (existing.room_id !== roomId) throw invalid({ client_id: ['invalid_value'] });
    return { message: await this.present(existing.id, user, roomId), replay: true };
  }

  private async present(messageId: number, viewer: UserRow, roomId: number): Promise<ChatMessage> {
    const row = await this.ownRow(messageId, viewer, roomId);
    const [message] = await this.view.messagesWithReactions([row], viewerOf(viewer));
    return message!;
  }

  /** The caller's own message as history reads it: a troll's reaches them as their own. */
  private async ownRow(messageId: number, viewer: UserRow, roomId: number) {
    const rows = await this.messages.page(roomId, viewer.id, { after: messageId - 1, limit: 1 });
    const row = rows[0];
    if (!row || row.id !== messageId) throw notFound();
    return row;
  }

  private async assertMember(roomId: number, userId: number): Promise<void> {
    if (!(await this.rosters.isMember(roomId, userId))) throw notFound();
  }
}
