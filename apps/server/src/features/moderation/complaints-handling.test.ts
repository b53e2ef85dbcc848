import type { BanWire, ComplaintComment, ComplaintDetail, ComplaintWire } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../hostile/kit';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, clientId, recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { json, type Client } from '../../test/factories';
import { banOf, complaintOf, file, person, roomMessage } from './complaints-test-kit';

const dialects = await testDialects();

/** Taking, resolving and discussing complaints; appeals lifting bans. */
describe.each(dialects)('handling complaints on %s', (dialect) => {
  let t: TestApp;
  let moderator: Client;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    moderator = await person(t.app, 'moderator');
  });
  afterAll(async () => t.close());

  const db = () => t.app.deps.database.db;
  const take = (who: Client, id: number) =>
    who.asBrowser({ method: 'POST', url: `/api/complaints/${id}/take` });
  const resolve = (who: Client, id: number, payload: Record<string, unknown>) =>
    who.asBrowser({ method: 'POST', url: `/api/complaints/${id}/resolve`, payload });
  const comment = (who: Client, id: number, text: unknown) =>
    who.asBrowser({ method: 'POST', url: `/api/complaints/${id}/comments`, payload: { text } });
  const detail = async (who: Client, id: number) =>
    json<{ data: ComplaintDetail }>(
      await who.asBrowser({ method: 'GET', url: `/api/complaints/${id}` }),
    ).data;
  const logOf = (subjectId: number) =>
    db()
      .selectFrom('moderation_log')
      .selectAll()
      .where('subject_type', '=', 'complaint')
      .where('subject_id', '=', subjectId)
      .orderBy('id')
      .execute();
  const notificationsOf = (userId: number) =>
    db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'complaint')
      .execute();

  /** A fresh complaint about a room message, by `reporters` (the first files it). */
  async function complaint(...reporters: Client[]) {
    const author = await person(t.app);
    const message = await roomMessage(t.app, author);
    let id = 0;
    for (const r of reporters) {
      id = complaintOf(
        await file(r, { target_type: 'message', target_id: message.id, reason: 'spam' }),
      ).id;
    }
    return { id, author, message };
  }

  it('take: staff only (403); open → taken by me; again 200; another moderator 422 with my nick', async () => {
    const reporter = await person(t.app);
    const { id, author } = await complaint(reporter);
    expectError(await take(reporter, id), 403, 'forbidden');
    expectError(await take(moderator, 999999), 404);
    const updates = recordEvents(t.app, 'complaint.updated');
    const res = await take(moderator, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(complaintOf(res)).toMatchObject({
      status: 'taken',
      assignee: { id: moderator.user.id },
    });
    // The reporter and the assignee hear of it, each as they may see it.
    expect(
      updates
        .map((u) => u.recipients)
        .flat()
        .sort(),
    ).toEqual([reporter.user.id, moderator.user.id].sort());
    expect((await take(moderator, id)).statusCode).toBe(200);
    const other = await person(t.app, 'moderator');
    const refused = expectInvalid(await take(other, id), ['complaint']);
    expect(refused.errors!.complaint![0]).toContain(moderator.user.nick);
    expect((await logOf(id)).map((e) => [e.action, e.actor_id, e.target_user_id])).toEqual([
      ['complaint.take', moderator.user.id, author.user.id],
    ]);
    // Taken by someone else: the other moderator may neither resolve it.
    expectInvalid(await resolve(other, id, { status: 'refused' }), ['complaint']);
  });

  it('10 moderators take one complaint at once: one wins, the others get 422', async () => {
    const { id } = await complaint(await person(t.app));
    const moderators = await Promise.all(
      Array.from({ length: 10 }, () => person(t.app, 'moderator')),
    );
    const answers = await Promise.all(moderators.map((m) => take(m, id)));
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(9);
    const winner = complaintOf(won[0]!).assignee!.id;
    const row = await db()
      .selectFrom('complaints')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.assignee_id).toBe(winner);
    expect((await logOf(id)).filter((e) => e.action === 'complaint.take')).toHaveLength(1);
  });

  it('resolve: every reporter notified, the key freed (a new complaint may open), logged', async () => {
    const [a, b] = [await person(t.app), await person(t.app)];
    const { id, message } = await complaint(a, b);
    expectError(await resolve(a, id, { status: 'accepted' }), 403, 'forbidden');
    expectInvalid(await resolve(moderator, id, { status: 'done' }), ['status']);
    const updates = recordEvents(t.app, 'complaint.updated');
    const res = await resolve(moderator, id, {
      status: 'accepted',
      comment: 'Warned <b>them</b>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(complaintOf(res)).toMatchObject({
      status: 'accepted',
      resolver: { id: moderator.user.id },
      resolution: 'Warned <b>them</b>',
    });
    expect(complaintOf(res).resolved_at).toEqual(expect.any(String) as unknown);
    for (const r of [a, b]) {
      const heard = await notificationsOf(r.user.id);
      expect(heard.map((n) => JSON.parse(n.data) as unknown)).toEqual([
        { complaint_id: id, status: 'accepted', is_appeal: false },
      ]);
    }
    // Each reporter is told as themself: nobody learns who else reported it.
    for (const u of updates) {
      if (u.recipients[0] !== moderator.user.id)
        expect(u.complaint.reporter.id).toBe(u.recipients[0]);
    }
    expect(updates.map((u) => u.recipients[0]).sort()).toEqual(
      [a.user.id, b.user.id, moderator.user.id].sort(),
    );
    expect((await logOf(id)).map((e) => [e.action, e.comment])).toEqual([
      ['complaint.accept', 'Warned <b>them</b>'],
    ]);
    const reporterView = await detail(b, id);
    expect(reporterView).toMatchObject({ status: 'accepted', resolution: 'Warned <b>them</b>' });
    expect(reporterView.reporter.id).toBe(b.user.id);
    // Closed: no second resolution, no take, no comment.
    expectInvalid(await resolve(moderator, id, { status: 'refused' }), ['complaint']);
    expectInvalid(await take(moderator, id), ['complaint']);
    expectInvalid(await comment(a, id, 'hello?'), ['complaint']);
    // The same thing reported again opens a new complaint.
    const fresh = await file(a, { target_type: 'message', target_id: message.id, reason: 'spam' });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(complaintOf(fresh).id).not.toBe(id);
  });

  it('two resolutions at once resolve once', async () => {
    const reporter = await person(t.app);
    const { id } = await complaint(reporter);
    const other = await person(t.app, 'moderator');
    const answers = await Promise.all([
      resolve(moderator, id, { status: 'accepted' }),
      resolve(other, id, { status: 'refused' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await notificationsOf(reporter.user.id)).toHaveLength(1);
    expect(
      (await logOf(id)).filter(
        (e) => e.action === 'complaint.accept' || e.action === 'complaint.refuse',
      ),
    ).toHaveLength(1);
  });

  it('comments: reporters and staff; others 404; staff marked; a reporter never sees another', async () => {
    const [a, b] = [await person(t.app), await person(t.app)];
    const { id } = await complaint(a, b);
    const outsider = await person(t.app);
    expectError(await comment(outsider, id, 'hi'), 404);
    expectInvalid(await comment(a, id, ''), ['text']);
    expectInvalid(await comment(a, id, { html: '<b>' }), ['text']);
    await take(moderator, id);
    const heard = recordEvents(t.app, 'complaint.comment');
    const fromA = await comment(a, id, '<script>alert(1)</script>');
    expect(fromA.statusCode, fromA.body).toBe(201);
    expect(json<{ data: ComplaintComment }>(fromA).data).toMatchObject({
      author: { id: a.user.id },
      staff: false,
      text: '<script>alert(1)</script>',
    });
    // A reporter's words go to the staff, not to the other reporters.
    expect(heard[0]!.recipients).not.toContain(b.user.id);
    expect(heard[0]!.recipients).toContain(moderator.user.id);
    const fromStaff = await comment(moderator, id, 'Looking into it');
    expect(json<{ data: ComplaintComment }>(fromStaff).data.staff).toBe(true);
    expect(heard[1]!.recipients).toEqual(expect.arrayContaining([a.user.id, b.user.id]));
    expect((await detail(b, id)).comments.map((c) => c.text)).toEqual(['Looking into it']);
    expect((await detail(moderator, id)).comments).toHaveLength(2);
  });

  describe('appeals', () => {
    let roomId: number;
    beforeAll(async () => {
      roomId = (await buildRoom(t.app)).id;
    });
    const say = async (who: Client) => {
      await who.asBrowser({ method: 'POST', url: `/api/room/${roomId}/enter` });
      return who.asBrowser({
        method: 'POST',
        url: `/api/room/${roomId}/message`,
        payload: { text: `hello ${clientId()}`, client_id: clientId() },
      });
    };

    async function appealed(type: 'gag' | 'ban' = 'gag') {
      const person_ = await person(t.app);
      const ban = await banOf(moderator, person_, type);
      const appeal = complaintOf(
        await file(person_, { target_type: 'ban', target_id: ban.id, reason: 'mistake' }),
      );
      return { who: person_, ban, appeal };
    }

    it('the moderator who gave the ban may neither take nor resolve its appeal (403)', async () => {
      const { appeal } = await appealed();
      expectError(await take(moderator, appeal.id), 403, 'forbidden');
      expectError(await resolve(moderator, appeal.id, { status: 'refused' }), 403, 'forbidden');
      expect((await detail(moderator, appeal.id)).can).toEqual({
        take: false,
        resolve: false,
        comment: true,
      });
    });

    it('an accepted appeal lifts the ban: the person writes again; they are notified', async () => {
      const { who, ban, appeal } = await appealed('gag');
      expectError(await say(who), 403, 'gagged');
      // Gagged, the person still talks in the appeal's thread.
      expect((await comment(who, appeal.id, 'Please')).statusCode).toBe(201);
      const other = await person(t.app, 'moderator');
      const reply = await comment(other, appeal.id, 'Reviewing');
      expect(reply.statusCode, reply.body).toBe(201);
      const res = await resolve(other, appeal.id, { status: 'accepted', comment: 'Sorry' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await say(who)).statusCode).toBe(201);
      const row = await db()
        .selectFrom('bans')
        .selectAll()
        .where('id', '=', ban.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ lift_reason: 'appeal', lifted_by: other.user.id });
      const heard = (await notificationsOf(who.user.id)).map((n) => JSON.parse(n.data) as unknown);
      expect(heard).toEqual(
        expect.arrayContaining([
          { complaint_id: appeal.id, comment: true },
          { complaint_id: appeal.id, status: 'accepted', is_appeal: true },
        ]),
      );
      expect((await logOf(appeal.id)).map((e) => e.action)).toEqual(['appeal.accept']);
      const seen = await detail(who, appeal.id);
      expect(seen.ban).toMatchObject({
        id: ban.id,
        lift_reason: 'appeal',
      } satisfies Partial<BanWire>);
    });

    it('a moderator does not even see the appeal of a moderator an admin banned (404)', async () => {
      const admin = await person(t.app, 'admin');
      const banned = await person(t.app, 'moderator');
      const ban = await banOf(admin, banned, 'ban');
      const appeal = complaintOf(
        await file(banned, { target_type: 'ban', target_id: ban.id, reason: 'mistake' }),
      );
      // About staff: for admins only (issue 19, point 7).
      expect(
        (await moderator.asBrowser({ method: 'GET', url: `/api/complaints/${appeal.id}` }))
          .statusCode,
      ).toBe(404);
      expectError(await take(moderator, appeal.id), 404);
      expectError(await resolve(moderator, appeal.id, { status: 'accepted' }), 404);
      const row = await db()
        .selectFrom('bans')
        .selectAll()
        .where('id', '=', ban.id)
        .executeTakeFirstOrThrow();
      expect(row.lifted_at).toBeNull();
      const other = await person(t.app, 'admin');
      expect((await resolve(other, appeal.id, { status: 'accepted' })).statusCode).toBe(200);
    });

    it('hides the staff’s names from the appellant when the site says so, thread and lift included', async () => {
      const { who, appeal } = await appealed('gag');
      await db()
        .insertInto('site_settings')
        .values({ key: 'hide_moderator_names', value: '1' })
        .execute();
      try {
        const other = await person(t.app, 'moderator');
        const heard = recordEvents(t.app, 'complaint.comment');
        expect((await comment(other, appeal.id, 'Reviewing')).statusCode).toBe(201);
        expect((await comment(who, appeal.id, 'Thanks')).statusCode).toBe(201);
        const toAppellant = heard.filter((e) => e.recipients.includes(who.user.id));
        expect(toAppellant.map((e) => [e.comment.staff, e.comment.author])).toEqual([
          [true, null],
          [false, expect.objectContaining({ id: who.user.id })],
        ]);
        const toStaff = heard.filter((e) => e.recipients.includes(other.user.id));
        expect(toStaff.every((e) => e.comment.author !== null)).toBe(true);
        await resolve(other, appeal.id, { status: 'accepted', comment: 'Sorry' });
        const seen = await detail(who, appeal.id);
        expect(seen.ban).toMatchObject({ moderator: null, lifted_by: null, lift_reason: 'appeal' });
        expect(seen.comments.map((c) => [c.staff, c.author?.id ?? null])).toEqual([
          [true, null],
          [false, who.user.id],
        ]);
        // Staff still see who.
        const staffView = await detail(other, appeal.id);
        expect(staffView.ban?.lifted_by?.id).toBe(other.user.id);
        expect(staffView.comments[0]!.author?.id).toBe(other.user.id);
      } finally {
        await db().deleteFrom('site_settings').where('key', '=', 'hide_moderator_names').execute();
      }
    });

    it('a refused appeal leaves the ban; the same ban cannot be appealed again', async () => {
      const { who, ban, appeal } = await appealed('ban');
      const other = await person(t.app, 'moderator');
      expect((await resolve(other, appeal.id, { status: 'refused' })).statusCode).toBe(200);
      const row = await db()
        .selectFrom('bans')
        .selectAll()
        .where('id', '=', ban.id)
        .executeTakeFirstOrThrow();
      expect(row.lifted_at).toBeNull();
      const again = await file(who, { target_type: 'ban', target_id: ban.id, reason: 'other' });
      expect(again.statusCode, again.body).toBe(200);
      expect(complaintOf(again)).toMatchObject({ id: appeal.id, status: 'refused' });
      expect((await logOf(appeal.id)).map((e) => e.action)).toEqual(['appeal.refuse']);
    });
  });

  it('lists show the staff every complaint and the reporter only theirs', async () => {
    const reporter = await person(t.app);
    const { id } = await complaint(reporter);
    const list = (query: string) =>
      moderator.asBrowser({ method: 'GET', url: `/api/complaints?${query}` });
    const { meta } = json<{ meta: { last_page: number } }>(await list('tab=open'));
    const open = json<{ data: ComplaintWire[] }>(await list(`tab=open&page=${meta.last_page}`));
    expect(open.data.at(-1)!.id).toBe(id);
    const mine = json<{ data: ComplaintWire[] }>(
      await reporter.asBrowser({ method: 'GET', url: '/api/complaints?tab=mine' }),
    );
    expect(mine.data.map((c) => c.id)).toEqual([id]);
    await resolve(moderator, id, { status: 'refused' });
    const closed = json<{ data: ComplaintWire[] }>(await list('tab=closed')).data;
    expect(closed[0]!.id).toBe(id);
  });
});
