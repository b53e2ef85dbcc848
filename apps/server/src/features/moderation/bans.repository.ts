import { trollSeers } from '../../access/message.policy';
import type { BanType } from '@chat/shared';
import type { Insertable, Kysely } from 'kysely';
import type { BanRow, BansTable, DB, UserRow, WarningRow, WarningsTable } from '../../db/schema';
import { newestFirstPage } from '../../lib/paging';

/** The user-row column that holds the end of a sanction of this kind. */
export type SanctionColumn = 'gag_until' | 'ban_until';

export function columnOf(type: BanType): SanctionColumn {
  return type === 'gag' ? 'gag_until' : 'ban_until';
}

/** Types of the same kind as `type` (a full ban is a ban). */
export function typesOfKind(type: BanType): BanType[] {
  return type === 'gag' ? ['gag'] : ['ban', 'full_ban'];
}

export interface BanFilter {
  status: 'active' | 'past' | 'all';
  moderatorId?: number | undefined;
  userId?: number | undefined;
  reason?: string | undefined;
  type?: BanType | undefined;
}

/** Bans, gags, full bans and warnings, and the sanction columns of the user row. */
export class BansRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Sets the user's sanction end unless a sanction of that kind is still in force: the one
   * atomic test of "already sanctioned", whatever arrives at once. True when it was set.
   */
  async claimColumn(
    trx: Kysely<DB>,
    userId: number,
    column: SanctionColumn,
    until: string,
    now: string,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('users')
      .set({ [column]: until })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<=', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Clears the user's column only while it still holds `until` (a newer sanction stays). */
  async releaseColumn(
    trx: Kysely<DB>,
    userId: number,
    column: SanctionColumn,
    until: string,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('users')
      .set({ [column]: null })
      .where('id', '=', userId)
      .where(column, '=', until)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The user row as the transaction now sees it (what its events should carry). */
  async user(trx: Kysely<DB>, userId: number): Promise<UserRow | undefined> {
    return trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  }

  async insert(trx: Kysely<DB>, row: Insertable<BansTable>): Promise<BanRow> {
    return trx.insertInto('bans').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async insertWarning(trx: Kysely<DB>, row: Insertable<WarningsTable>): Promise<WarningRow> {
    return trx.insertInto('warnings').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async find(id: number, trx: Kysely<DB> = this.db): Promise<BanRow | undefined> {
    return trx.selectFrom('bans').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Marks a ban lifted unless it already was; true when this call lifted it. */
  async markLifted(
    trx: Kysely<DB>,
    id: number,
    by: number,
    reason: NonNullable<BanRow['lift_reason']>,
    at: string,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('bans')
      .set({ lifted_at: at, lifted_by: by, lift_reason: reason })
      .where('id', '=', id)
      .where('lifted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The user's sanction of this kind in force now (the newest, should records overlap). */
  async active(userId: number, type: BanType, now: string): Promise<BanRow | undefined> {
    return this.db
      .selectFrom('bans')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', 'in', typesOfKind(type))
      .where('lifted_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * When the user's violations happened (bans, gags, full bans and warnings), newest first.
   * A ban undone by an accepted appeal was a mistake, not a violation.
   */
  async violationTimes(userId: number, since: string | null, limit: number): Promise<string[]> {
    let bans = this.db
      .selectFrom('bans')
      .select('created_at')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('lift_reason', 'is', null), eb('lift_reason', '!=', 'appeal')]));
    let warnings = this.db
      .selectFrom('warnings')
      .select('created_at')
      .where('user_id', '=', userId);
    if (since !== null) {
      bans = bans.where('created_at', '>=', since);
      warnings = warnings.where('created_at', '>=', since);
    }
    const [a, b] = await Promise.all([
      bans.orderBy('id', 'desc').limit(limit).execute(),
      warnings.orderBy('id', 'desc').limit(limit).execute(),
    ]);
    return [...a, ...b]
      .map((r) => r.created_at)
      .sort()
      .reverse()
      .slice(0, limit);
  }

  async countViolations(userId: number): Promise<number> {
    const [bans, warnings] = await Promise.all([
      this.db
        .selectFrom('bans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('lift_reason', 'is', null), eb('lift_reason', '!=', 'appeal')]))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('warnings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return Number(bans.n) + Number(warnings.n);
  }

  /** The appeal against each ban (the newest when there were several). */
  async appealsOf(banIds: number[]): Promise<Map<number, { id: number; status: string }>> {
    if (banIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('complaints')
      .select(['id', 'target_id', 'status'])
      .where('target_type', '=', 'ban')
      .where('target_id', 'in', banIds)
      .orderBy('id', 'asc')
      .execute();
    return new Map(rows.map((r) => [r.target_id, { id: r.id, status: r.status }]));
  }

  async page(
    filter: BanFilter,
    now: string,
    page: number,
    perPage: number,
  ): Promise<{ rows: BanRow[]; total: number }> {
    let query = this.db.selectFrom('bans');
    if (filter.status === 'active') {
      query = query
        .where('lifted_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
    } else if (filter.status === 'past') {
      query = query.where((eb) =>
        eb.or([eb('lifted_at', 'is not', null), eb('expires_at', '<=', now)]),
      );
    }
    if (filter.moderatorId !== undefined)
      query = query.where('moderator_id', '=', filter.moderatorId);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.reason !== undefined) query = query.where('reason', '=', filter.reason);
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    return newestFirstPage(query, page, perPage);
  }

  /** Whether the room message exists and is this user's (deleted ones too: they are evidence). */
  async isMessageOf(messageId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('messages')
      .select('id')
      .where('id', '=', messageId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Sets the troll flag unless it already is so; true when it changed. */
  /** The accounts that may see trolls (access/message.policy.ts trollSeers). */
  async trollSeerIds(trx: Kysely<DB>): Promise<number[]> {
    const rows = await trx.selectFrom('users').select('id').where(trollSeers()).execute();
    return rows.map((r) => r.id);
  }

  async setTroll(trx: Kysely<DB>, userId: number, troll: boolean): Promise<boolean> {
    const result = await trx
      .updateTable('users')
      .set({ is_troll: troll ? 1 : 0 })
      .where('id', '=', userId)
      .where('is_troll', '=', troll ? 0 : 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Site setting: hide moderators' names from the people they sanction ('1'). */
  async hidesModeratorNames(): Promise<boolean> {
    const row = await this.db
      .selectFrom('site_settings')
      .select('value')
      .where('key', '=', 'hide_moderator_names')
      .executeTakeFirst();
    return row?.value === '1';
  }
}
