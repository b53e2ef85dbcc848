import type { MessageRow, RoomRow, UserRow } from '../../db/schema';
import { hasPermission } from '../users/user.presenter';

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

/**
 * Every chat permission in one place (DESIGN.md rule 8). Ownership is decided here; what a role
 * may do comes from the shared permission table, never from a role name.
 */
export function can(user: UserRow, subject: Subject): boolean {
  switch (subject.action) {
    case 'room.create':
    case 'quote.add':
      return hasPermission(user, subject.action);
    case 'room.update':
    case 'room.invite':
      return subject.room.owner_id === user.id || hasPermission(user, 'room.manage_any');
    case 'room.enter':
      return (
        subject.room.is_public === 1 ||
        subject.invited ||
        subject.room.owner_id === user.id ||
        hasPermission(user, 'room.manage_any')
      );
    case 'room.visibility':
      return hasPermission(user, 'room.invisible');
    case 'user.troll':
      return hasPermission(user, 'user.troll');
    case 'message.hide':
    case 'message.delete_from_everyone':
      return subject.message.user_id === user.id || hasPermission(user, 'message.delete_any');
  }
}
