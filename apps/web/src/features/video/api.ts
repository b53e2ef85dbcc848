import type {
  VideoIceAnswer,
  VideoJoinAnswer,
  VideoJoinBody,
  VideoModerateBody,
  VideoParticipant,
  VideoRoom,
  VideoSignalBody,
  VideoStateBody,
} from '@chat/shared';
import type { ApiClient } from '../../lib/api-client';

/** The calls of API.md "Video rooms", typed; `roomId` is in every path. */
export interface VideoApi {
  room(roomId: number): Promise<VideoRoom>;
  join(roomId: number, body: VideoJoinBody): Promise<VideoJoinAnswer>;
  /** `callId`: the hold being left; a hold another tab took over since then stays. */
  leave(roomId: number, callId?: string): Promise<void>;
  state(roomId: number, body: VideoStateBody): Promise<VideoParticipant>;
  ice(roomId: number): Promise<VideoIceAnswer>;
  signal(roomId: number, body: VideoSignalBody): Promise<void>;
  moderate(roomId: number, body: VideoModerateBody): Promise<void>;
}

// The room's call is read when a room opens: a failure only leaves the camera marks off.
// ICE refreshes and signals are retried by the connection itself (an ICE restart), and leaving
// is best effort: none of them is worth a toast.
const QUIET = { silent: true } as const;
// The panel words a full call (409) and a refusal (403) itself.
const JOIN = { handledStatuses: [403, 409] } as const;
// 409: my microphone was muted by a moderator; the panel says so beside the button.
const STATE = { handledStatuses: [409] } as const;

export function createVideoApi(client: ApiClient): VideoApi {
  const base = (roomId: number) => `/api/room/${roomId}/video`;
  const done = async (pending: Promise<unknown>) => {
    await pending;
  };
  return {
    room: async (id) => (await client.get<VideoRoom>(base(id), QUIET)).data,
    join: async (id, body) =>
      (await client.post<VideoJoinAnswer>(`${base(id)}/join`, body, JOIN)).data,
    leave: (id, callId) =>
      done(client.post(`${base(id)}/leave`, callId ? { call_id: callId } : undefined, QUIET)),
    state: async (id, body) =>
      (await client.post<VideoParticipant>(`${base(id)}/state`, body, STATE)).data,
    ice: async (id) => (await client.get<VideoIceAnswer>(`${base(id)}/ice`, QUIET)).data,
    signal: (id, body) => done(client.post(`${base(id)}/signal`, body, QUIET)),
    moderate: (id, body) => done(client.post(`${base(id)}/moderate`, body)),
  };
}
