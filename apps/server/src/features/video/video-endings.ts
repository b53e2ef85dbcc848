import { ROOM_STATE, type VideoEndReason } from '@chat/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork, UnitTx } from '../../db/unit-of-work';
import type { DomainEvents } from '../../events/domain-events';
import type { JobPayloads } from '../jobs/job-queue';
import { isBanned } from '../moderation/sanctions';
import { presentParticipant } from './video.presenter';
import type { HoldFilter, VideoRepository } from './video.repository';
import { scheduleDrop, type VideoDrop, type VideoDropper } from './video-drop';

export interface CallEndingsParts {
  calls: VideoRepository;
  units: UnitOfWork<JobPayloads>;
  /** The user ids with a socket on the room's presence channel now, over every node. */
  presentNow: (roomId: number) => Promise<ReadonlySet<number>>;
  watchersAllowed: () => boolean;
  graceSeconds: number;
}

/**
 * Calls that end or change without the person asking: a ban, leaving the room, signing out
 * the device that joined, the account deleted, a gag, and the sockets going away. Each is a
 * unit of work whose `video.*` events tell the room and the person (video.realtime.ts).
 */
export class CallEndings implements VideoDropper {
  constructor(private readonly parts: CallEndingsParts) {}

  /** Ends the hold the filter names, if there is one, telling the person why. */
  async end(filter: HoldFilter, reason: VideoEndReason): Promise<void> {
    await this.endWith(filter, () => Promise.resolve(reason));
  }

  /**
   * The person left the room (or every room). A full ban takes them out of every room before
   * it is announced, so the call of someone banned by then ends as a ban's: what happened.
   */
  async leftRoom(filter: HoldFilter): Promise<void> {
    await this.endWith(filter, async (tx, userId) => {
      const sanctions = await this.parts.calls.sanctionsOf(tx.db, userId);
      return sanctions && isBanned(sanctions) ? 'banned' : 'left_room';
    });
  }

  /**
   * A gag: the person may say nothing, so they stop sending. Where the site lets gagged people
   * watch, they stay as a watcher (camera, microphone and screen off; the room hears the
   * change, and their own tab stops sending on seeing it); else the call ends as for a ban.
   */
  async gagged(userId: number): Promise<void> {
    if (!this.parts.watchersAllowed()) return this.end({ userId }, 'banned');
    await this.parts.units.run(async (tx) => {
      const { calls } = this.parts;
      const hold = await calls.holdOf(userId, tx.db);
      if (!hold) return;
      const changed = await calls.update(
        tx.db,
        hold.room_id,
        userId,
        { watcher: 1, audio: 0, video: 0, screen: 0, updated_at: new Date().toISOString() },
        { watcher: 0 },
      );
      if (changed) await this.announce(tx, hold.room_id, userId);
    });
  }

  /**
   * Every socket of the person in the room has gone (the chat's presence, after its own short
   * grace): they show as reconnecting, and the drop job takes them out once the reconnect
   * grace is over unless a socket comes back first.
   */
  async away(roomId: number, userId: number): Promise<void> {
    await this.parts.units.run(async (tx) => {
      const since = new Date().toISOString();
      const hold = await this.parts.calls.markAway(tx.db, roomId, userId, since);
      if (!hold) return;
      await scheduleDrop(
        tx,
        { roomId, userId, callId: hold.call_id, since },
        this.parts.graceSeconds,
      );
      await this.announce(tx, roomId, userId);
    });
  }

  /** A socket of the person is in the room again: no longer reconnecting. */
  async back(roomId: number, userId: number): Promise<void> {
    await this.parts.units.run(async (tx) => {
      if (await this.parts.calls.markBack(tx.db, roomId, userId, new Date().toISOString()))
        await this.announce(tx, roomId, userId);
    });
  }

  /**
   * The drop job: the grace of one absence is over. The sockets are asked once more (their
   * return may have crossed the job); still none, the hold ends, if it is still away since then.
   */
  async dropIfGone(drop: VideoDrop): Promise<void> {
    if ((await this.parts.presentNow(drop.roomId)).has(drop.userId))
      return this.back(drop.roomId, drop.userId);
    await this.parts.units.run(async (tx) => {
      const gone = await this.parts.calls.removeIfAway(tx.db, drop.callId, drop.since);
      if (gone)
        tx.emit('video.left', {
          roomId: gone.room_id,
          userId: gone.user_id,
          callId: gone.call_id,
          reason: 'dropped',
        });
    });
  }

  private async endWith(
    filter: HoldFilter,
    reasonOf: (tx: UnitTx<JobPayloads>, userId: number) => Promise<VideoEndReason>,
  ): Promise<void> {
    await this.parts.units.run(async (tx) => {
      const gone = await this.parts.calls.remove(tx.db, filter);
      if (!gone) return;
      tx.emit('video.left', {
        roomId: gone.room_id,
        userId: gone.user_id,
        callId: gone.call_id,
        reason: await reasonOf(tx, gone.user_id),
      });
    });
  }

  private async announce(tx: UnitTx<JobPayloads>, roomId: number, userId: number) {
    const row = await this.parts.calls.participant(roomId, userId, tx.db);
    if (row) tx.emit('video.updated', { roomId, participant: presentParticipant(row) });
  }
}

/**
 * What ends or changes a call, heard from the features that decide it. Each listener's
 * failure is logged; a call left behind by one is still ended by the grace once its sockets go.
 */
export function listenForEndings(
  events: DomainEvents,
  endings: CallEndings,
  log: Pick<FastifyBaseLogger, 'error'>,
): void {
  const run = (work: Promise<void>) =>
    work.catch((error: unknown) => log.error({ err: error }, 'video: ending a call failed'));
  events.on('moderation.sanctioned', ({ ban }) =>
    run(
      ban.type === 'gag'
        ? endings.gagged(ban.user_id)
        : endings.end({ userId: ban.user_id }, 'banned'),
    ),
  );
  // Leaving the room (its one way out: leave, leave the chat, a full ban's exits).
  events.on('chat.user.state', ({ roomId, userId, stateId }) => {
    if (stateId === ROOM_STATE.leaving) void run(endings.leftRoom({ userId, roomId }));
  });
  events.on('chat.user.left_chat', ({ userId }) => run(endings.leftRoom({ userId })));
  events.on('user.deleted', ({ userId }) => run(endings.end({ userId }, 'left_room')));
  // The device that joined signed out: its tab holds nothing any more.
  events.on('session.ended', ({ userId, sessionId }) =>
    run(endings.end({ userId, sessionId }, 'dropped')),
  );
  events.on('chat.user.presence', ({ roomId, userId, present }) =>
    run(present ? endings.back(roomId, userId) : endings.away(roomId, userId)),
  );
}
