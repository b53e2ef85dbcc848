import type { RoomDetail } from '@chat/shared';
import { useLocale } from '../../../../lib/use-locale';
import { UploadDropZone } from '../../../uploads';
import { Composer } from '../composer/composer';
import { GuestChatNotice } from '../guest/guest-chat-notice';
import { addRoomFiles } from '../composer/use-room-uploads';
import { ConnectionBanner } from '../composer/connection-banner';
import { MessageList } from '../messages/message-list';
import { TypingLine } from '../messages/typing-line';
import { roomName } from '../../room-name';

/**
 * The middle of the screen: the room's messages, who is typing, the message box. Pictures
 * dropped anywhere on it are attached to the message being written.
 */
export function RoomPane({ room }: { room: RoomDetail }) {
  const locale = useLocale();
  const name = roomName(room, locale);
  return (
    <UploadDropZone className="chat-room-pane" onFiles={(files) => addRoomFiles(room.id, files)}>
      <GuestChatNotice />
      {/* Keyed by room: each room opens at its newest message with its own scroll state. */}
      <MessageList key={room.id} roomId={room.id} roomName={name} />
      <TypingLine roomId={room.id} />
      <ConnectionBanner />
      <Composer roomId={room.id} roomName={name} />
    </UploadDropZone>
  );
}
