import { MESSAGES_PAGE, type RoomDetail } from '@chat/shared';
import * as messagePolicy from '../../access/message.policy';
import * as roomPolicy from '../../access/room.policy';
import { viewerOf, type Viewer } from '../../access/viewer';
import type { RoomRow, UserRow } from '../../db/schema';
import type { UsersRepository } from '../users/users.repository';
import {
  presentMessage,
  presentReplyQuote,
  presentRoomSummary,
  presentRoomUser,
} from './chat.presenter';
import type { MessagesRepository, MessageWithAuthor } from './messages.repository';
import type { ReactionsRepository } from './reactions.repository';
import type { RoomsRepository } from './rooms.repository';

/** Builds what one viewer sees of rooms and messages: shared by the rooms and messages services. */
export class RoomView {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly messages: MessagesRepository,
    private readonly reactions: ReactionsRepository,
    private readonly users: UsersRepository,
  ) {}

  /**
   * Messages of one room as a member reads them, each with the viewer's abilities on it (an
   * answer to that viewer only; what the room hears carries none).
   */
  async messagesWithReactions(rows: MessageWithAuthor[], viewer: Viewer) {
    const reactions = await this.reactions.forMessages(rows.map((m) => m.id));
    const seesTrolls = messagePolicy.canSeeTrolls(viewer);
    return rows.map((m) => ({
      ...presentMessage(m, reactions, (reply) =>
        messagePolicy.canSeeQuoted(viewer, reply, m, seesTrolls),
      ),
      abilities: messagePolicy.abilities(viewer, m, messagePolicy.AS_MEMBER),
    }));
  }

  /**
   * One message as its author gets it back (with abilities) and as the room hears it: the
   * room's quote of the original is what every member may see, so a moderator's edit never
   * carries a troll's words to the others.
   */
  async forAuthorAndRoom(row: MessageWithAuthor, author: Viewer) {
    const [mine] = await this.messagesWithReactions([row], author);
    const forRoom = {
      ...mine!,
      abilities: undefined,
      reply_to: row.reply
        ? presentReplyQuote(row.reply, messagePolicy.canSeeQuoted(author, row.reply, row, false))
        : null,
    };
    return { mine: mine!, forRoom };
  }

  async detail(
    room: RoomRow,
    viewer: UserRow,
    membership: { position: number; last_read_id: number },
  ): Promise<RoomDetail> {
    // Trolls' messages only for those who may see trolls (and the troll's own).
    const seesTrolls = messagePolicy.canSeeTrolls(viewerOf(viewer));
    const [rows, members, ignored, unread] = await Promise.all([
      this.messages.page(room.id, viewer.id, { limit: MESSAGES_PAGE, seesTrolls }),
      this.rooms.members(room.id),
      this.users.ignoredBy(viewer.id),
      this.messages.countAfter(room.id, membership.last_read_id, viewer.id, seesTrolls),
    ]);
    const ignoredSet = new Set(ignored);
    const asker = viewerOf(viewer);
    // Only who is there now (a socket of theirs in the room), and the viewer, who is looking.
    const present = members.filter((m) => m.absent_since === null || m.user.id === viewer.id);
    // Invisible members are the admins' secret: nobody else even learns they are there.
    const users = present
      .filter((m) => roomPolicy.canSeeMember(asker, { user_id: m.user.id, invisible: m.invisible }))
      .map((m) => presentRoomUser(m, ignoredSet));
    return {
      ...presentRoomSummary(room, present.filter((m) => m.invisible === 0).length),
      abilities: roomPolicy.abilities(asker, room),
      messages: await this.messagesWithReactions(rows, asker),
      users,
      unread,
      position: membership.position,
    };
  }
}
