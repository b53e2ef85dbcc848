import type { MessageRow, RoomRow, UserRow } from '../../db/schema';

type Subject =
  | { action: 'room.create' }
  | { action: 'room.update'; room: RoomRow }
  | { action: 'room.invite'; room: RoomRow }
  | { action: 'room.enter'; room: RoomRow; invited: boolean }
  | { action: 'room.visibility' }
  | { action: 'message.hide'; message: MessageRow }
  | { action: 'message.delete_from_everyone'; message: MessageRow }
  | { action: 'quote.add' }
  | { action: 'user.troll' };

const isStaff = (user: UserRow) => user.role === 'admin' || user.role === 'moderator';
const isAdmin = (user: UserRow) => user.role === 'admin';

/** Every chat permission in one place (DESIGN.md rule 8). */
export function can(user: UserRow, subject: Subject): boolean {
  switch (subject.action) {
    case 'room.create':
    case 'quote.add':
      return user.role !== 'guest';
    case 'room.update':
    case 'room.invite':
      return subject.room.owner_id === user.id || isAdmin(user);
    case 'room.enter':
      return (
        subject.room.is_public === 1 ||
        subject.invited ||
        subject.room.owner_id === user.id ||
        isAdmin(user)
      );
    case 'room.visibility':
    case 'user.troll':
      return isStaff(user);
    case 'message.hide':
    case 'message.delete_from_everyone':
      return subject.message.user_id === user.id || isStaff(user);
  }
}
