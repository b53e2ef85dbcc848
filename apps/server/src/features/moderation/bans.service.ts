import {
  banEndsAt,
  banKind,
  banTypeId,
  type BanBody,
  type BanType,
  type BanWire,
  type MyBan,
} from '@chat/shared';
import type { Kysely } from 'kysely';
import type { BanRow, DB, UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import { AppError, forbidden, invalid, notFound } from '../../http/app-error';
import type { MessageKey } from '../../http/messages';
import type { UnitOfWork, UnitTx } from '../../db/unit-of-work';
import type { JobPayloads } from '../jobs/job-queue';
import { hasPermission, presentPublicUser } from '../users/user.presenter';
import type { UsersRepository } from '../users/users.repository';
import { BAN_EXPIRE_JOB } from './ban-expiry';
import { peopleOf, presentBan } from './bans.presenter';
import { columnOf, type BansRepository } from './bans.repository';
import { snapshotMessage } from './evidence';
import type { ModerationLogRepository } from './moderation-log.repository';
import { lockSanctions } from './sanction-guard';
import { mayAct, sanctionTarget } from './sanction-targets';
import { FOREVER, untilColumn } from './sanctions';

export type LiftReason = NonNullable<BanRow['lift_reason']>;

export interface BansPorts {
  /** Takes the user out of every room, as POST /api/chat/leave does (RoomsService.leaveChat). */
  leaveChat(user: UserRow): Promise<void>;
}

function permissionFor(type: BanType) {
  return type === 'gag' ? ('user.gag' as const) : ('user.ban' as const);
}

/**
 * Gags, bans and full bans: giving one, lifting one early, and its end (the `ban.expire` job).
 * The user row's gag_until / ban_until is what every check reads; it changes only in the
 * transaction that writes the ban record, and only by conditional updates, so two moderators at
 * once give one sanction and an old end never clears a newer one.
 */
export class BansService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly bans: BansRepository,
    private readonly users: UsersRepository,
    private readonly log: ModerationLogRepository,
    private readonly events: DomainEvents,
    private readonly units: UnitOfWork<JobPayloads>,
    private readonly ports: BansPorts,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async give(actor: UserRow, body: BanBody): Promise<BanWire> {
    if (!hasPermission(actor, permissionFor(body.type))) throw forbidden();
    const target = await sanctionTarget(this.users, actor, body.user_id, 'body');
    let evidence = null;
    if (body.message_id !== undefined) {
      if (!(await this.bans.isMessageOf(body.message_id, target.id)))
        throw invalid({ message_id: ['moderation.message_invalid'] });
      evidence = await snapshotMessage(this.db, body.message_id);
    }
    const column = columnOf(body.type);
    // The expiry job commits with the sanction: no sanction is ever left without its end.
    const row = await this.units.run(async (tx) => {
      const trx = tx.db;
      // The row lock first, then the clock: a message stored before this ban has an earlier
      // time than the ban, and none is stored after it (sanction-guard.ts).
      await lockSanctions(trx, target.id);
      const at = this.now();
      const expiresAt = banEndsAt(body.period, at);
      const claimed = await this.bans.claimColumn(
        trx,
        target.id,
        column,
        untilColumn(expiresAt),
        at.toISOString(),
      );
      if (!claimed) return null;
      const ban = await this.bans.insert(trx, {
        user_id: target.id,
        moderator_id: actor.id,
        type: body.type,
        period: body.period,
        reason: body.reason,
        taboo: body.taboo ?? null,
        comment: body.comment || null,
        message_id: body.message_id ?? null,
        evidence: evidence ? JSON.stringify(evidence) : null,
        created_at: at.toISOString(),
        expires_at: expiresAt,
        lifted_at: null,
        lifted_by: null,
        lift_reason: null,
      });
      await this.log.record(
        {
          actorId: actor.id,
          action: body.type,
          targetUserId: target.id,
          subjectType: 'ban',
          subjectId: ban.id,
          reason: body.reason,
          comment: body.comment || null,
          data: { period: body.period, expires_at: expiresAt, taboo: body.taboo ?? null },
        },
        trx,
      );
      if (ban.expires_at !== null)
        await tx.enqueue(
          BAN_EXPIRE_JOB,
          { banId: ban.id },
          { runAt: new Date(ban.expires_at), dedupeKey: `ban.expire:${ban.id}` },
        );
      return ban;
    });
    if (!row) throw await this.alreadySanctioned(target.id, body.type);

    // Emitted by hand after the commit, not by the unit: a full ban's exits from the rooms
    // come first, and they are writes of their own.
    const after = (await this.users.findById(target.id)) ?? target;
    if (row.type === 'full_ban') await this.ports.leaveChat(after);
    this.events.emit('moderation.sanctioned', {
      ban: {
        id: row.id,
        user_id: row.user_id,
        type: row.type,
        type_id: banTypeId(row.type),
        expires_at: row.expires_at,
      },
    });
    this.announce(after);
    return (await this.present([row], actor.id))[0]!;
  }

  /** DELETE /api/moderation/bans/{id}: a moderator lifts a sanction early. */
  async lift(actor: UserRow, banId: number): Promise<void> {
    const ban = await this.bans.find(banId);
    if (!ban) throw notFound();
    if (!hasPermission(actor, permissionFor(ban.type))) throw forbidden();
    // Whom one may not sanction, one may not pardon either (an admin's gag on a moderator).
    const target = await this.users.findById(ban.user_id);
    if (target && !mayAct(actor, target)) throw forbidden('moderation.outranked');
    if (!(await this.liftUnchecked(actor, banId, 'early')))
      throw invalid({ ban: ['moderation.not_active'] });
  }

  /**
   * Lifts a sanction without asking whether `actor` may (the caller decided: an accepted appeal,
   * a role change). False when it was already lifted or over; nothing changes then.
   */
  async liftUnchecked(actor: UserRow, banId: number, reason: LiftReason): Promise<boolean> {
    return this.units.run(async (tx) => {
      const trx = tx.db;
      const ban = await this.bans.find(banId, trx);
      if (!ban) return false;
      await lockSanctions(trx, ban.user_id);
      const at = this.now().toISOString();
      if (ban.expires_at !== null && ban.expires_at <= at) return false;
      if (!(await this.bans.markLifted(trx, banId, actor.id, reason, at))) return false;
      await this.bans.releaseColumn(
        trx,
        ban.user_id,
        columnOf(ban.type),
        untilColumn(ban.expires_at),
      );
      await this.log.record(
        {
          actorId: actor.id,
          action: 'lift',
          targetUserId: ban.user_id,
          subjectType: 'ban',
          subjectId: ban.id,
          reason,
          data: { type: ban.type },
        },
        trx,
      );
      const user = await this.bans.user(trx, ban.user_id);
      if (user) this.announceIn(tx, user);
      return true;
    });
  }

  /**
   * The `ban.expire` job at a sanction's end: clears the user's column if it still holds this
   * ban's end (a later sanction keeps its own) and tells everyone. Enforcement compares times
   * itself, so a late job never keeps anybody sanctioned; this only announces the end.
   */
  async expire(banId: number): Promise<void> {
    const ban = await this.bans.find(banId);
    if (!ban || ban.lifted_at !== null || ban.expires_at === null) return;
    if (Date.parse(ban.expires_at) > this.now().getTime()) throw new Error('ban.expire too early');
    await this.units.run(async (tx) => {
      const cleared = await this.bans.releaseColumn(
        tx.db,
        ban.user_id,
        columnOf(ban.type),
        ban.expires_at!,
      );
      const user = cleared ? await this.bans.user(tx.db, ban.user_id) : undefined;
      if (user) this.announceIn(tx, user);
    });
  }

  /** The person's own sanctions in force (GET /api/my/ban, user data's `gag` and `ban`). */
  async mine(user: UserRow): Promise<MyBan> {
    const now = this.now().toISOString();
    // The row's columns say whether there is anything to look up: most people pay nothing.
    const gagged = user.gag_until !== null && user.gag_until > now;
    const banned = user.ban_until !== null && user.ban_until > now;
    const [gag, ban] = await Promise.all([
      gagged ? this.bans.active(user.id, 'gag', now) : undefined,
      banned ? this.bans.active(user.id, 'ban', now) : undefined,
    ]);
    const rows = [gag, ban].filter((r): r is BanRow => r !== undefined);
    const shown = await this.present(rows, user.id);
    const byId = new Map(shown.map((b) => [b.id, b]));
    return {
      gag: gag ? (byId.get(gag.id) ?? null) : null,
      ban: ban ? (byId.get(ban.id) ?? null) : null,
    };
  }

  /** The sanctions of this kind in force now, as staff see them. */
  async activeOf(
    userId: number,
    viewerId: number,
  ): Promise<{ gag: BanWire | null; ban: BanWire | null }> {
    const now = this.now().toISOString();
    const [gag, ban] = await Promise.all([
      this.bans.active(userId, 'gag', now),
      this.bans.active(userId, 'ban', now),
    ]);
    const shown = await this.present(
      [gag, ban].filter((r): r is BanRow => r !== undefined),
      viewerId,
    );
    return {
      gag: shown.find((b) => b.id === gag?.id) ?? null,
      ban: shown.find((b) => b.id === ban?.id) ?? null,
    };
  }

  /** Rows as `viewerId` sees them (their own moderator's name hidden if the site says so). */
  async present(rows: BanRow[], viewerId: number): Promise<BanWire[]> {
    if (rows.length === 0) return [];
    const own = rows.some((r) => r.user_id === viewerId);
    const [people, appeals, hideNames] = await Promise.all([
      this.users.findMany(peopleOf(rows)),
      this.bans.appealsOf(rows.map((r) => r.id)),
      own ? this.bans.hidesModeratorNames() : false,
    ]);
    const users = new Map(people.map((u) => [u.id, u]));
    return rows.map((row) =>
      presentBan(row, {
        users,
        appeal: appeals.get(row.id) ?? null,
        hideModerator: hideNames && row.user_id === viewerId,
      }),
    );
  }

  private announce(user: UserRow): void {
    this.events.emit('moderation.sanctions', sanctionsOf(user));
  }

  /** The end of a sanction, heard once the unit that changed the row commits. */
  private announceIn(tx: UnitTx<JobPayloads>, user: UserRow): void {
    tx.emit('moderation.sanctions', sanctionsOf(user));
    tx.emit('user.updated', { user: presentPublicUser(user) });
  }

  /** The refusal when a sanction of the same kind is in force: what it is and until when. */
  private async alreadySanctioned(userId: number, type: BanType): Promise<AppError> {
    const user = await this.users.findById(userId);
    const until = banKind(type) === 'gag' ? user?.gag_until : user?.ban_until;
    const forever = until === FOREVER || until === null || until === undefined;
    const key: MessageKey =
      banKind(type) === 'gag'
        ? forever
          ? 'moderation.already_gagged_forever'
          : 'moderation.already_gagged'
        : forever
          ? 'moderation.already_banned_forever'
          : 'moderation.already_banned';
    return new AppError('validation', {
      errors: { user_id: [key] },
      params: { until: forever ? '' : until.slice(0, 16).replace('T', ' ') },
    });
  }
}

function sanctionsOf(user: UserRow) {
  return { userId: user.id, gagUntil: user.gag_until, banUntil: user.ban_until };
}
