import type {
  Expression,
  ExpressionBuilder,
  Insertable,
  Kysely,
  SqlBool,
  Transaction,
} from 'kysely';
import type {
  ComplaintCommentRow,
  ComplaintRow,
  ComplaintsTable,
  DB,
  UserRow,
} from '../../db/schema';

export type NewComplaint = Omit<
  Insertable<ComplaintsTable>,
  'id' | 'status' | 'reports_count' | 'open_key' | 'created_at' | 'updated_at'
> & { open_key: string };

/** What one reporter said about a complaint (the first one's is also on the complaint). */
export interface Report {
  reason: string;
  text: string | null;
}

/** Runs inside a complaint's write transaction (the moderation log entry, for one). */
export type InTransaction = (trx: Transaction<DB>) => Promise<void>;

/** The open-or-taken complaint closed while a duplicate was being merged into it: file again. */
class ClosedMeanwhile extends Error {}

const OPEN = ['open', 'taken'] as const;
const CLOSED = ['accepted', 'refused'] as const;

/**
 * SQL of complaints and appeals. Duplicates about one thing merge through the unique
 * `open_key`: an insert that meets an open complaint does nothing, and the reporter joins the
 * existing one instead; on both dialects concurrent inserts of one key wait for each other.
 */
export class ComplaintsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  find(id: number): Promise<ComplaintRow | undefined> {
    return this.db.selectFrom('complaints').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The first appeal against a ban, whatever its status. */
  appealOf(banId: number): Promise<ComplaintRow | undefined> {
    return this.db
      .selectFrom('complaints')
      .selectAll()
      .where('target_type', '=', 'ban')
      .where('target_id', '=', banId)
      .orderBy('id')
      .executeTakeFirst();
  }

  /**
   * Files a complaint or merges the reporter into the open one about the same thing. `created`
   * is true for a new complaint; `joined` is false when this reporter had already reported it.
   */
  async file(
    row: NewComplaint,
    at: string,
  ): Promise<{ complaint: ComplaintRow; created: boolean; joined: boolean }> {
    for (let round = 0; ; round += 1) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          const inserted = await trx
            .insertInto('complaints')
            .values({ ...row, status: 'open', created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('open_key').doNothing())
            .returningAll()
            .executeTakeFirst();
          const complaint =
            inserted ??
            (await trx
              .selectFrom('complaints')
              .selectAll()
              .where('open_key', '=', row.open_key)
              .executeTakeFirst());
          if (!complaint) throw new ClosedMeanwhile();
          const joined = await trx
            .insertInto('complaint_reporters')
            .values({
              complaint_id: complaint.id,
              reporter_id: row.reporter_id,
              reason: row.reason,
              text: row.text ?? null,
              created_at: at,
            })
            .onConflict((oc) => oc.columns(['complaint_id', 'reporter_id']).doNothing())
            .returning('complaint_id')
            .executeTakeFirst();
          if (inserted || !joined) return { complaint, created: !!inserted, joined: !!joined };
          const bumped = await trx
            .updateTable('complaints')
            .set((eb) => ({ reports_count: eb('reports_count', '+', 1), updated_at: at }))
            .where('id', '=', complaint.id)
            .where('open_key', 'is not', null)
            .returningAll()
            .executeTakeFirst();
          if (!bumped) throw new ClosedMeanwhile();
          return { complaint: bumped, created: false, joined: true };
        });
      } catch (error) {
        // Resolved between our insert and the merge: the key is free again, so file anew.
        if (!(error instanceof ClosedMeanwhile) || round >= 3) throw error;
      }
    }
  }

  async isReporter(complaintId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('complaint_reporters')
      .select('reporter_id')
      .where('complaint_id', '=', complaintId)
      .where('reporter_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async reporterIds(complaintId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('complaint_reporters')
      .select('reporter_id')
      .where('complaint_id', '=', complaintId)
      .orderBy('created_at')
      .execute();
    return rows.map((r) => r.reporter_id);
  }

  /** Each reporter's own reason and words about one complaint, by reporter. */
  async reportsIn(complaintId: number): Promise<Map<number, Report>> {
    const rows = await this.db
      .selectFrom('complaint_reporters')
      .select(['reporter_id', 'reason', 'text'])
      .where('complaint_id', '=', complaintId)
      .execute();
    return new Map(rows.map((r) => [r.reporter_id, { reason: r.reason, text: r.text }]));
  }

  /** One reporter's own reason and words about each of these complaints, by complaint. */
  async reportsBy(userId: number, complaintIds: number[]): Promise<Map<number, Report>> {
    if (complaintIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('complaint_reporters')
      .select(['complaint_id', 'reason', 'text'])
      .where('reporter_id', '=', userId)
      .where('complaint_id', 'in', complaintIds)
      .execute();
    return new Map(rows.map((r) => [r.complaint_id, { reason: r.reason, text: r.text }]));
  }

  /** A page of the complaints a tab lists: `mine` (reported by the user), `open`, `closed`. */
  async page(
    tab: { mine: number } | { open: true } | { closed: true },
    limit: number,
    offset: number,
    /** The access layer's clause of what a handler is shown (complaint.policy listedFor). */
    listed?: (eb: ExpressionBuilder<DB, 'complaints'>) => Expression<SqlBool>,
  ): Promise<{ rows: ComplaintRow[]; total: number }> {
    let query = this.db.selectFrom('complaints');
    if (listed) query = query.where(listed);
    if ('mine' in tab) {
      query = query.where('id', 'in', (eb) =>
        eb
          .selectFrom('complaint_reporters')
          .select('complaint_id')
          .where('reporter_id', '=', tab.mine),
      );
    } else query = query.where('status', 'in', 'open' in tab ? OPEN : CLOSED);
    // The queue is worked oldest first; everything else reads newest first.
    const direction = 'open' in tab ? 'asc' : 'desc';
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('id', direction).limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Open → taken by the moderator; undefined when it was not open (taken or closed). */
  async take(
    id: number,
    moderatorId: number,
    at: string,
    also: InTransaction,
  ): Promise<ComplaintRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('complaints')
        .set({ status: 'taken', assignee_id: moderatorId, taken_at: at, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (row) await also(trx);
      return row;
    });
  }

  /**
   * Open, or taken by this moderator → accepted or refused, once: of two resolutions at the
   * same moment one changes the row and the other finds it closed. Frees `open_key`.
   */
  async resolve(
    id: number,
    moderatorId: number,
    change: { status: 'accepted' | 'refused'; resolution: string | null },
    at: string,
    also: InTransaction,
  ): Promise<ComplaintRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('complaints')
        .set((eb) => ({
          status: change.status,
          resolution: change.resolution,
          resolver_id: moderatorId,
          assignee_id: eb.fn.coalesce('assignee_id', eb.val(moderatorId)),
          resolved_at: at,
          updated_at: at,
          open_key: null,
        }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'open'),
            eb.and([eb('status', '=', 'taken'), eb('assignee_id', '=', moderatorId)]),
          ]),
        )
        .returningAll()
        .executeTakeFirst();
      if (row) await also(trx);
      return row;
    });
  }

  comments(complaintId: number): Promise<ComplaintCommentRow[]> {
    return this.db
      .selectFrom('complaint_comments')
      .selectAll()
      .where('complaint_id', '=', complaintId)
      .orderBy('id')
      .execute();
  }

  async addComment(
    complaintId: number,
    authorId: number,
    text: string,
    at: string,
  ): Promise<ComplaintCommentRow> {
    return this.db.transaction().execute(async (trx) => {
      const comment = await trx
        .insertInto('complaint_comments')
        .values({ complaint_id: complaintId, author_id: authorId, text, created_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('complaints')
        .set({ updated_at: at })
        .where('id', '=', complaintId)
        .execute();
      return comment;
    });
  }

  // ---- what complaints are about ---------------------------------------------------------

  async users(ids: Iterable<number>): Promise<Map<number, UserRow>> {
    const list = [...new Set(ids)];
    if (list.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').selectAll().where('id', 'in', list).execute();
    return new Map(rows.map((u) => [u.id, u]));
  }

  user(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
