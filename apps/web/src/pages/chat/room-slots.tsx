import type { RoomSlots } from '../../features/chat/components/layout/room-slots';
import { CallPanelHost } from '../../features/video/components/call-panel-host';
import { VideoToggle } from '../../features/video/components/video-toggle';
import { VideoUserMark } from '../../features/video/components/video-user-mark';

/** The room screen's video call: the camera button, the call panel, the user list's marks. */
export const CHAT_ROOM_SLOTS: RoomSlots = {
  headerAction: (room) => <VideoToggle roomId={room.id} />,
  panel: (shown, rooms) => <CallPanelHost shown={shown} rooms={rooms} />,
  userMark: (roomId, userId) => <VideoUserMark roomId={roomId} userId={userId} />,
};
