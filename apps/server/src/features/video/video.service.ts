import { randomUUID } from 'node:crypto';
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
import * as roomPolicy from '../../access/room.policy';
import * as videoPolicy from '../../access/video.policy';
import { viewerOf, type Viewer } from '../../access/viewer';
import type { VideoConfig } from '../../config';
import type { RoomRow, UserRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { DomainEvents } from '../../events/domain-events';
import { AppError, forbidden, invalid, notFound } from '../../http/app-error';
import { BROADCAST_LIMITS } from '../../http/broadcast-limits';
import type { RateLimits } from '../../http/rate-limit';
import { flagSetting, siteSetting } from '../admin/settings/live-settings';
import type { RoomsRepository } from '../chat/rooms.repository';
import type { JobPayloads } from '../jobs/job-queue';
import type { ModerationLogRepository } from '../moderation/moderation-log.repository';
import { iceServersFor } from './ice-servers';
import { presentParticipant } from './video.presenter';
import type { ParticipantWithUser, VideoRepository } from './video.repository';
import { scheduleDrop } from './video-drop';

export interface VideoServiceParts {
  calls: VideoRepository;
  rooms: Pick<RoomsRepository, 'find' | 'membership' | 'isInvited'>;
  units: UnitOfWork<JobPayloads>;
  events: DomainEvents;
  rateLimits: RateLimits;
  moderationLog: Pick<ModerationLogRepository, 'record'>;
  config: VideoConfig;
}

/** The room's call as the viewer stands to it. */
interface Standing {
  room: RoomRow;
  member: boolean;
}

/** The call's size in force (`video_cap`). */
export const videoCap = (): number => Number(siteSetting('video_cap'));
/** Whether guests and gagged people join as watchers (`video_watchers`). */
export const watchersAllowed = (): boolean => flagSetting('video_watchers');

/**
 * A room's video call (issue 25): the HTTP side. Who may do what is access/video.policy.ts;
 * every write is a unit of work whose `video.*` events go out after it commits
 * (video.realtime.ts makes them Video.* events). The call ends without the person asking in
 * video-endings.ts.
 */
export class VideoService {
  constructor(private readonly parts: VideoServiceParts) {}

  /** `GET /api/room/{id}/video`: the call, its participants for those who may see them. */
  async call(viewer: Viewer, roomId: number): Promise<VideoRoom> {
    const { member } = await this.standing(viewer, roomId);
    const standing = { member, watchersAllowed: watchersAllowed() };
    const rows = videoPolicy.canSee(viewer, standing)
      ? await this.parts.calls.participants(roomId)
      : [];
    return {
      room_id: roomId,
      cap: videoCap(),
      participants: rows.map(presentParticipant),
      abilities: videoPolicy.abilities(viewer, standing),
    };
  }

  /**
   * `POST /api/room/{id}/video/join`. The person's earlier hold, in this room's call or
   * another's, ends in the same commit (`elsewhere`): a person is in one call, from one tab.
   * Under the unit's locks (video.repository.ts lockForJoin) the sanctions and membership are
   * read again and the call counted, so parallel joins never pass the cap, and a ban or a
   * departure from the room given meanwhile is either seen here or sees this join.
   */
  async join(
    user: UserRow,
    sessionId: number,
    roomId: number,
    body: VideoJoinBody,
  ): Promise<VideoJoinAnswer> {
    await this.standing(viewerOf(user), roomId);
    await this.parts.rateLimits.hit(BROADCAST_LIMITS.videoJoin, String(user.id));
    const cap = videoCap();
    const { callId, participants } = await this.parts.units.run(async (tx) => {
      const { calls } = this.parts;
      const facts = await calls.lockForJoin(tx.db, roomId, user.id);
      if (!facts.roomExists) throw notFound();
      const viewer = viewerOf({ ...user, ...facts.sanctions });
      const answer = videoPolicy.joinAs(viewer, {
        member: facts.membership !== undefined,
        watchersAllowed: watchersAllowed(),
      });
      if (answer.as === null) throw refusal(answer.reason);
      if ((await calls.countOthers(tx.db, roomId, user.id)) >= cap)
        throw new AppError('video.full');
      const earlier = await calls.remove(tx.db, { userId: user.id });
      if (earlier)
        tx.emit('video.left', {
          roomId: earlier.room_id,
          userId: user.id,
          callId: earlier.call_id,
          reason: 'elsewhere',
        });
      const watcher = answer.as === 'watcher';
      // A moderator's mute outlives a second tab taking the call over in the same room.
      const muted = earlier?.room_id === roomId && earlier.muted_by_moderator === 1;
      const at = new Date();
      // Joined with no socket in the room (its presence already ended): reconnecting from the
      // start, so a tab that never connects does not hold a place for ever.
      const away = facts.membership?.absent_since != null ? at.toISOString() : null;
      const callId = randomUUID();
      await calls.insert(tx.db, {
        room_id: roomId,
        user_id: user.id,
        call_id: callId,
        session_id: sessionId,
        audio: !watcher && !muted && body.audio ? 1 : 0,
        video: !watcher && body.video ? 1 : 0,
        screen: 0,
        watcher: watcher ? 1 : 0,
        muted_by_moderator: muted ? 1 : 0,
        away_since: away,
        joined_at: at.toISOString(),
        updated_at: at.toISOString(),
      });
      if (away)
        await scheduleDrop(
          tx,
          { roomId, userId: user.id, callId, since: away },
          this.parts.config.reconnectGraceSeconds,
        );
      const rows = await calls.participants(roomId, tx.db);
      const mine = rows.find((row) => row.user_id === user.id);
      if (mine) tx.emit('video.joined', { roomId, participant: presentParticipant(mine) });
      return { callId, participants: rows.map(presentParticipant) };
    });
    const viewer = viewerOf(user);
    return {
      room_id: roomId,
      cap,
      participants,
      abilities: videoPolicy.abilities(viewer, {
        member: true,
        watchersAllowed: watchersAllowed(),
      }),
      call_id: callId,
      ...this.ice(user.id),
    };
  }

  /**
   * `POST /api/room/{id}/video/leave`: always 204. With `callId`, only that hold ends: a tab
   * whose call a newer tab took over leaves nothing behind it.
   */
  async leave(user: UserRow, roomId: number, callId?: string): Promise<void> {
    await this.parts.units.run(async (tx) => {
      const gone = await this.parts.calls.remove(tx.db, {
        userId: user.id,
        roomId,
        ...(callId !== undefined ? { callId } : {}),
      });
      if (gone)
        tx.emit('video.left', { roomId, userId: user.id, callId: gone.call_id, reason: null });
    });
  }

  /** `POST /api/room/{id}/video/state`: the participant's microphone, camera and screen. */
  async setState(user: UserRow, roomId: number, change: VideoStateBody): Promise<VideoParticipant> {
    await this.parts.rateLimits.hit(BROADCAST_LIMITS.videoState, String(user.id));
    return this.parts.units.run(async (tx) => {
      const { calls } = this.parts;
      const before = await calls.participant(roomId, user.id, tx.db);
      if (!before) throw new AppError('video.not_in_call');
      refuseState(videoPolicy.stateRefusal(flagsOf(before), change));
      const changes: { audio?: number; video?: number; screen?: number } = {};
      for (const key of ['audio', 'video', 'screen'] as const) {
        const wanted = change[key];
        if (wanted !== undefined && (before[key] === 1) !== wanted) changes[key] = wanted ? 1 : 0;
      }
      if (Object.keys(changes).length === 0) return presentParticipant(before);
      // The row may have changed since it was read (a moderator's mute, a gag making them a
      // watcher): the guard holds the write to what was checked.
      const turningOn = Object.values(changes).includes(1);
      const written = await calls.update(
        tx.db,
        roomId,
        user.id,
        { ...changes, updated_at: new Date().toISOString() },
        {
          ...(turningOn ? { watcher: 0 } : {}),
          ...(changes.audio === 1 ? { muted_by_moderator: 0 } : {}),
        },
      );
      const after = await calls.participant(roomId, user.id, tx.db);
      if (!after) throw new AppError('video.not_in_call');
      if (!written) {
        refuseState(videoPolicy.stateRefusal(flagsOf(after), change));
        return presentParticipant(after);
      }
      const participant = presentParticipant(after);
      tx.emit('video.updated', { roomId, participant });
      return participant;
    });
  }

  /** `GET /api/room/{id}/video/ice`: fresh STUN and TURN for a participant (an ICE restart). */
  async iceServers(user: UserRow, roomId: number): Promise<VideoIceAnswer> {
    const hold = await this.parts.calls.holdOf(user.id);
    if (hold?.room_id !== roomId) throw new AppError('video.not_in_call');
    return this.ice(user.id);
  }

  /**
   * `POST /api/room/{id}/video/signal`: relays one negotiation message from a participant to
   * another of the same call, on the recipient's own channel, naming the recipient's hold.
   * Nothing is stored: a signal lost with a socket is sent again by the negotiation itself.
   */
  async signal(user: UserRow, roomId: number, body: VideoSignalBody): Promise<void> {
    if (body.to === user.id) throw invalid({ to: ['video.to_self'] });
    await this.parts.rateLimits.hit(BROADCAST_LIMITS.videoSignal, String(user.id));
    const { calls } = this.parts;
    const [sender, recipient] = await Promise.all([calls.holdOf(user.id), calls.holdOf(body.to)]);
    if (sender?.room_id !== roomId) throw new AppError('video.not_in_call');
    if (recipient?.room_id !== roomId) throw new AppError('video.recipient_not_in_call');
    this.parts.events.emit('video.signal', {
      userId: body.to,
      signal: {
        room_id: roomId,
        from: user.id,
        call_id: recipient.call_id,
        type: body.type,
        data: body.data,
      },
    });
  }

  /**
   * `POST /api/room/{id}/video/moderate`: a moderator in the room mutes, unmutes or removes a
   * participant they outrank, logged with the change in one commit. Muting what is muted
   * already changes (and logs) nothing; removing someone already gone is a 404.
   */
  async moderate(actor: UserRow, roomId: number, body: VideoModerateBody): Promise<void> {
    const viewer = viewerOf(actor);
    if (!videoPolicy.moderates(viewer)) throw forbidden();
    const { member } = await this.standing(viewer, roomId);
    if (!member) throw forbidden('video.not_member');
    await this.parts.rateLimits.hit(BROADCAST_LIMITS.videoModerate, String(actor.id));
    const target = await this.parts.calls.participant(roomId, body.user_id);
    if (!target) throw notFound();
    if (!videoPolicy.canModerate(viewer, { id: target.user_id, role: target.role }))
      throw forbidden('moderation.outranked');
    await this.parts.units.run(async (tx) => {
      const { calls } = this.parts;
      const at = new Date().toISOString();
      if (body.action === 'remove') {
        const gone = await calls.remove(tx.db, { userId: body.user_id, roomId });
        if (!gone) throw notFound();
        tx.emit('video.left', {
          roomId,
          userId: body.user_id,
          callId: gone.call_id,
          reason: 'removed',
        });
      } else {
        const mute = body.action === 'mute';
        const changed = await calls.update(
          tx.db,
          roomId,
          body.user_id,
          mute
            ? { muted_by_moderator: 1, audio: 0, updated_at: at }
            : { muted_by_moderator: 0, updated_at: at },
          { muted_by_moderator: mute ? 0 : 1 },
        );
        if (!changed) return;
        const after = await calls.participant(roomId, body.user_id, tx.db);
        if (after) tx.emit('video.updated', { roomId, participant: presentParticipant(after) });
      }
      await this.parts.moderationLog.record(
        {
          actorId: actor.id,
          action: `video.${body.action}`,
          targetUserId: body.user_id,
          subjectType: 'room',
          subjectId: roomId,
        },
        tx.db,
      );
    });
  }

  private ice(userId: number): VideoIceAnswer {
    return iceServersFor(this.parts.config, userId);
  }

  /**
   * The room, if the viewer may know it exists (room.policy's canSee: a private room is not
   * there for outsiders, 404), and whether they are in it.
   */
  private async standing(viewer: Viewer, roomId: number): Promise<Standing> {
    const { rooms } = this.parts;
    const room = await rooms.find(roomId);
    if (!room || viewer.id === null) throw notFound();
    const member = (await rooms.membership(roomId, viewer.id)) !== undefined;
    const invited = !member && room.is_public !== 1 && (await rooms.isInvited(roomId, viewer.id));
    if (!roomPolicy.canSee(viewer, room, { member, invited })) throw notFound();
    return { room, member };
  }
}

/** The answer to a person the policy keeps out of a call. */
function refusal(reason: videoPolicy.VideoRefusal): AppError {
  switch (reason) {
    case 'guest':
      return new AppError('guest');
    case 'gagged':
      return new AppError('gagged');
    case 'banned':
      return new AppError('banned');
    case 'not_member':
      return forbidden('video.not_member');
  }
}

/** What the state rules read of a participant's row. */
function flagsOf(row: ParticipantWithUser) {
  return { watcher: row.watcher === 1, muted_by_moderator: row.muted_by_moderator === 1 };
}

function refuseState(refused: 'watcher' | 'muted' | null): void {
  if (refused === 'watcher') throw forbidden('video.watcher');
  if (refused === 'muted') throw new AppError('video.muted_by_moderator');
}
