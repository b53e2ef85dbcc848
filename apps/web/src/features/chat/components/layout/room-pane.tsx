import type { RoomDetail } from '@chat/shared';
import { useLocale } from '../../../../lib/use-locale';
import { Composer } from '../composer/composer';
import { ConnectionBanner } from '../composer/connection-banner';
import { MessageList } from '../messages/message-list';
import { TypingLine } from '../messages/typing-line';
import { roomName } from '../rooms/room-name';

/** The middle of the screen: the room's messages, who is typing, the message box. */
export function RoomPane({ room }: { room: RoomDetail }) {
  const locale = useLocale();
  const name = roomName(room, locale);
  return (
    <>
      {/* Keyed by room: each room opens at its newest message with its own scroll state. */}
      <MessageList key={room.id} roomId={room.id} roomName={name} />
      <TypingLine roomId={room.id} />
      <ConnectionBanner />
      <Composer roomId={room.id} roomName={name} />
    </>
  );
}
