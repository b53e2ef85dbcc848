import type { VideoParticipant } from '@chat/shared';
import { presentAuthor } from '../chat/chat.presenter';
import type { ParticipantWithUser } from './video.repository';

/** A participant as the room sees them: the person as a message shows them, and their state. */
export function presentParticipant(row: ParticipantWithUser): VideoParticipant {
  return {
    user: presentAuthor({ ...row, id: row.user_id }),
    audio: row.audio === 1,
    video: row.video === 1,
    screen: row.screen === 1,
    watcher: row.watcher === 1,
    muted_by_moderator: row.muted_by_moderator === 1,
    reconnecting: row.away_since !== null,
    joined_at: row.joined_at,
  };
}
