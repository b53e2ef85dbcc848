import { MESSAGES_PAGE, type RoomDetail } from '@chat/shared';
import type { RoomRow, UserRow } from '../../db/schema';
import { hasPermission } from '../users/user.presenter';
import type { UsersRepository } from '../users/users.repository';
import { presentMessage, presentRoomSummary, presentRoomUser } from './chat.presenter';
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

  async messagesWithReactions(rows: MessageWithAuthor[]) {
    const reactions = await this.reactions.forMessages(rows.map((m) => m.id));
    return rows.map((m) => presentMessage(m, reactions));
  }

  async detail(
    room: RoomRow,
    viewer: UserRow,
    membership: { position: number; last_read_id: number },
  ): Promise<RoomDetail> {
    const [rows, members, ignored, unread] = await Promise.all([
      this.messages.page(room.id, viewer.id, { limit: MESSAGES_PAGE }),
      this.rooms.members(room.id),
      this.users.ignoredBy(viewer.id),
      this.messages.countAfter(room.id, membership.last_read_id, viewer.id),
    ]);
    const ignoredSet = new Set(ignored);
    // Invisible members are the admins' secret: nobody else even learns they are there.
    const seeInvisible = hasPermission(viewer, 'user.invisible.view');
    const users = members
      .filter((m) => seeInvisible || m.invisible === 0 || m.user.id === viewer.id)
      .map((m) => presentRoomUser(m, ignoredSet));
    return {
      ...presentRoomSummary(room, members.filter((m) => m.invisible === 0).length),
      messages: await this.messagesWithReactions(rows),
      users,
      unread,
      position: membership.position,
    };
  }
}
