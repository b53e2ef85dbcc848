import type { VideoAbilities, VideoParticipant, VideoRoom } from '@chat/shared';
import { create } from 'zustand';
import { api } from '../../lib/api';
import { createVideoApi } from './api';

/** A room's call as this tab knows it: read when the room opens, then kept live by events. */
export interface RoomCall {
  cap: number;
  participants: VideoParticipant[];
  abilities: VideoAbilities;
}

interface VideoState {
  rooms: Record<number, RoomCall>;
  /** The room whose call panel is open (before joining or in the call); null: none. */
  panelRoomId: number | null;
  /** Reads a room's call (`GET /api/room/{id}/video`); a failure leaves what was known. */
  load: (roomId: number) => Promise<void>;
  /** A call's whole state, from a read or a join's answer. */
  applyRoom: (room: VideoRoom) => void;
  /** Someone joined or changed: added, or replaced in place. */
  upsertParticipant: (roomId: number, participant: VideoParticipant) => void;
  removeParticipant: (roomId: number, userId: number) => void;
  openPanel: (roomId: number) => void;
  closePanel: () => void;
}

export const videoApi = createVideoApi(api);

const patchRoom = (
  rooms: Record<number, RoomCall>,
  roomId: number,
  change: (participants: VideoParticipant[]) => VideoParticipant[],
): Record<number, RoomCall> => {
  const room = rooms[roomId];
  // A room never read is read when it opens: an event alone cannot say the rest of its call.
  if (!room) return rooms;
  return { ...rooms, [roomId]: { ...room, participants: change(room.participants) } };
};

export const useVideoStore = create<VideoState>()((set) => ({
  rooms: {},
  panelRoomId: null,
  load: async (roomId) => {
    try {
      const room = await videoApi.room(roomId);
      set((s) => ({ rooms: { ...s.rooms, [roomId]: toRoomCall(room) } }));
    } catch {
      // Quiet by design (api.ts): the room shows no camera marks until the next read.
    }
  },
  applyRoom: (room) => set((s) => ({ rooms: { ...s.rooms, [room.room_id]: toRoomCall(room) } })),
  upsertParticipant: (roomId, participant) =>
    set((s) => ({
      rooms: patchRoom(s.rooms, roomId, (list) =>
        list.some((p) => p.user.id === participant.user.id)
          ? list.map((p) => (p.user.id === participant.user.id ? participant : p))
          : [...list, participant],
      ),
    })),
  removeParticipant: (roomId, userId) =>
    set((s) => ({
      rooms: patchRoom(s.rooms, roomId, (list) => list.filter((p) => p.user.id !== userId)),
    })),
  openPanel: (roomId) => set({ panelRoomId: roomId }),
  closePanel: () => set({ panelRoomId: null }),
}));

function toRoomCall(room: VideoRoom): RoomCall {
  return { cap: room.cap, participants: room.participants, abilities: room.abilities };
}

/** Whether `userId` is in the call of `roomId` (the user list's camera mark). */
export function useInCall(roomId: number, userId: number): boolean {
  return useVideoStore(
    (s) => s.rooms[roomId]?.participants.some((p) => p.user.id === userId) ?? false,
  );
}
