import type { ComplaintDetail, ComplaintWire } from '@chat/shared';
import { COMPLAINTS_PER_HOUR } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeProblem, expectError, expectInvalid } from '../../hostile/kit';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json, type Client } from '../../test/factories';
import {
  banOf,
  complaintOf,
  file,
  imMessage,
  person,
  photo,
  roomMessage,
} from './complaints-test-kit';

const dialects = await testDialects();

/** Filing complaints and appeals: targets, reasons, merging, races, the hourly limit. */
describe.each(dialects)('filing complaints on %s', (dialect) => {
  let t: TestApp;
  let moderator: Client;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    moderator = await person(t.app, 'moderator');
  });
  afterAll(async () => t.close());

  const db = () => t.app.deps.database.db;
  const reportersOf = async (id: number) =>
    (
      await db()
        .selectFrom('complaint_reporters')
        .select('reporter_id')
        .where('complaint_id', '=', id)
        .execute()
    ).map((r) => r.reporter_id);
  const detail = async (who: Client, id: number) =>
    who.asBrowser({ method: 'GET', url: `/api/complaints/${id}` });

  it('a room message: 201, its evidence kept as it was, HTML as text', async () => {
    const author = await person(t.app);
    const reporter = await person(t.app);
    const message = await roomMessage(t.app, author, { text: '<script>alert(1)</script> hi' });
    const res = await file(reporter, {
      target_type: 'message',
      target_id: message.id,
      reason: 'insult',
      text: '<img src=x onerror=alert(1)>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const complaint = complaintOf(res);
    expect(complaint).toMatchObject({
      target_type: 'message',
      target_id: message.id,
      is_appeal: false,
      reason: 'insult',
      text: '<img src=x onerror=alert(1)>',
      status: 'open',
      reports_count: 1,
      reporter: { id: reporter.user.id },
      accused: { id: author.user.id },
      assignee: null,
      evidence: {
        kind: 'message',
        id: message.id,
        author: { id: author.user.id },
        text: '<script>alert(1)</script> hi',
        room_id: message.room_id,
        attachments: [],
      },
    });
    // Edited and deleted for everyone later: the complaint still shows what was said.
    await db()
      .updateTable('messages')
      .set({ text: 'nothing to see', deleted_at: new Date().toISOString() })
      .where('id', '=', message.id)
      .execute();
    const seen = json<{ data: ComplaintDetail }>(await detail(moderator, complaint.id)).data;
    expect(seen.evidence?.text).toBe('<script>alert(1)</script> hi');
  });

  it('a message of a room the reporter may not see, or none at all: 404', async () => {
    const author = await person(t.app);
    const reporter = await person(t.app);
    const hidden = await roomMessage(t.app, author, { isPublic: false });
    expectError(
      await file(reporter, { target_type: 'message', target_id: hidden.id, reason: 'spam' }),
      404,
      'not_found',
    );
    expectError(
      await file(reporter, { target_type: 'message', target_id: 999999, reason: 'spam' }),
      404,
    );
    // The author, a member of that private room, may.
    const own = await file(author, {
      target_type: 'message',
      target_id: hidden.id,
      reason: 'spam',
    });
    expect(own.statusCode, own.body).toBe(201);
  });

  it("a private message: only a party of its channel (else 404, someone else's is unseen)", async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const outsider = await person(t.app);
    const im = await imMessage(t.app, a, b);
    expectError(
      await file(outsider, { target_type: 'im_message', target_id: im.id, reason: 'insult' }),
      404,
      'not_found',
    );
    const res = await file(b, { target_type: 'im_message', target_id: im.id, reason: 'insult' });
    expect(res.statusCode, res.body).toBe(201);
    expect(complaintOf(res)).toMatchObject({
      accused: { id: a.user.id },
      evidence: { kind: 'im_message', channel_id: im.channel_id, text: im.text },
    });
  });

  it('a person: not oneself (422), not a missing or deleted one (404)', async () => {
    const reporter = await person(t.app);
    const other = await person(t.app);
    expectInvalid(
      await file(reporter, { target_type: 'user', target_id: reporter.user.id, reason: 'spam' }),
      ['target_id'],
    );
    expectError(
      await file(reporter, { target_type: 'user', target_id: 999999, reason: 'spam' }),
      404,
    );
    await db()
      .updateTable('users')
      .set({ about: 'I am <b>bold</b>' })
      .where('id', '=', other.user.id)
      .execute();
    const res = await file(reporter, {
      target_type: 'user',
      target_id: other.user.id,
      reason: 'fraud',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(complaintOf(res).evidence).toMatchObject({
      kind: 'user',
      author: { id: other.user.id },
      text: 'I am <b>bold</b>',
    });
    // A refused "about" is hidden from everyone but its owner and staff: not kept as evidence.
    const refused = await person(t.app);
    await db()
      .updateTable('users')
      .set({ about: 'hidden words', about_status: 'refused' })
      .where('id', '=', refused.user.id)
      .execute();
    const hidden = await file(reporter, {
      target_type: 'user',
      target_id: refused.user.id,
      reason: 'fraud',
    });
    expect(complaintOf(hidden).evidence).toMatchObject({ kind: 'user', text: null });
    const gone = await person(t.app);
    await db()
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', gone.user.id)
      .execute();
    expectError(
      await file(reporter, { target_type: 'user', target_id: gone.user.id, reason: 'spam' }),
      404,
    );
  });

  it('a photo: a visible one (201 with the picture); a refused one of another: 404', async () => {
    const owner = await person(t.app);
    const reporter = await person(t.app);
    const shown = await photo(t.app, owner);
    const res = await file(reporter, {
      target_type: 'photo',
      target_id: shown.id,
      reason: 'adult',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(complaintOf(res).evidence).toMatchObject({
      kind: 'photo',
      author: { id: owner.user.id },
    });
    expect(complaintOf(res).evidence!.attachments.map((a) => [a.id, a.url?.slice(0, 9)])).toEqual([
      [shown.attachment_id, '/storage/'],
    ]);
    const refused = await photo(t.app, owner, 'refused');
    expectError(
      await file(reporter, { target_type: 'photo', target_id: refused.id, reason: 'adult' }),
      404,
    );
  });

  it('reasons come from the list of the kind: appeal reasons for a ban only (422)', async () => {
    const author = await person(t.app);
    const reporter = await person(t.app);
    const message = await roomMessage(t.app, author);
    expectInvalid(
      await file(reporter, { target_type: 'message', target_id: message.id, reason: 'mistake' }),
      ['reason'],
    );
    const ban = await banOf(moderator, reporter);
    expectInvalid(
      await file(reporter, { target_type: 'ban', target_id: ban.id, reason: 'insult' }),
      ['reason'],
    );
    expectInvalid(
      await file(reporter, { target_type: 'message', target_id: message.id, reason: 'nope' }),
      ['reason'],
    );
  });

  it("an appeal: one's own ban only (someone else's: 404), once (a second answers the first)", async () => {
    const banned = await person(t.app);
    const other = await person(t.app);
    const ban = await banOf(moderator, banned, 'ban');
    expectError(
      await file(other, { target_type: 'ban', target_id: ban.id, reason: 'mistake' }),
      404,
      'not_found',
    );
    expectError(
      await file(banned, { target_type: 'ban', target_id: 999999, reason: 'mistake' }),
      404,
    );
    // Banned, yet the appeal goes through (the route is exempt from sanctions).
    const first = await file(banned, {
      target_type: 'ban',
      target_id: ban.id,
      reason: 'mistake',
      text: 'It was not me',
    });
    expect(first.statusCode, first.body).toBe(201);
    const appeal = complaintOf(first);
    expect(appeal).toMatchObject({
      is_appeal: true,
      target_type: 'ban',
      target_id: ban.id,
      reporter: { id: banned.user.id },
      accused: { id: banned.user.id },
    });
    const again = await file(banned, {
      target_type: 'ban',
      target_id: ban.id,
      reason: 'too_harsh',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(complaintOf(again).id).toBe(appeal.id);
    const mine = json<{ data: ComplaintDetail }>(await detail(banned, appeal.id)).data;
    expect(mine.ban).toMatchObject({ id: ban.id, appeal: { id: appeal.id } });
  });

  it('duplicates merge: 200 with the count up; the same reporter twice changes nothing', async () => {
    const author = await person(t.app);
    const [first, second] = [await person(t.app), await person(t.app)];
    const message = await roomMessage(t.app, author);
    const body = { target_type: 'message', target_id: message.id, reason: 'spam' };
    const created = complaintOf(await file(first, body));
    const merged = await file(second, { ...body, reason: 'flood', text: 'me too' });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(complaintOf(merged)).toMatchObject({
      id: created.id,
      reports_count: 2,
      // The second reporter never learns who reported first, nor what they said.
      reporter: { id: second.user.id },
      reason: 'flood',
      text: 'me too',
    });
    const repeat = await file(first, body);
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(complaintOf(repeat)).toMatchObject({ id: created.id, reports_count: 2 });
    expect((await reportersOf(created.id)).sort()).toEqual([first.user.id, second.user.id].sort());
  });

  it('20 identical complaints at once from different people: one complaint, 20 reporters', async () => {
    const author = await person(t.app);
    const message = await roomMessage(t.app, author);
    const people = await Promise.all(Array.from({ length: 20 }, () => person(t.app)));
    const answers = await Promise.all(
      people.map((p) => file(p, { target_type: 'message', target_id: message.id, reason: 'spam' })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200,
      201,
    ]);
    const ids = new Set(answers.map((r) => complaintOf(r).id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await reportersOf(id!)).toHaveLength(20);
    const row = await db()
      .selectFrom('complaints')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row.reports_count).toBe(20);
  });

  it('identical complaints at once from one person: one complaint, one reporter', async () => {
    const author = await person(t.app);
    const reporter = await person(t.app);
    const message = await roomMessage(t.app, author);
    const answers = await Promise.all(
      Array.from({ length: COMPLAINTS_PER_HOUR }, () =>
        file(reporter, { target_type: 'message', target_id: message.id, reason: 'spam' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(COMPLAINTS_PER_HOUR - 1);
    const id = complaintOf(answers[0]!).id;
    expect(await reportersOf(id)).toEqual([reporter.user.id]);
    const rows = await db()
      .selectFrom('complaints')
      .selectAll()
      .where('target_type', '=', 'message')
      .where('target_id', '=', message.id)
      .execute();
    expect(rows.map((r) => r.reports_count)).toEqual([1]);
  });

  it(`at most ${COMPLAINTS_PER_HOUR} an hour per person: then 429 in the envelope`, async () => {
    const author = await person(t.app);
    const reporter = await person(t.app);
    for (let i = 0; i < COMPLAINTS_PER_HOUR; i += 1) {
      const message = await roomMessage(t.app, author);
      const res = await file(reporter, {
        target_type: 'message',
        target_id: message.id,
        reason: 'spam',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const message = await roomMessage(t.app, author);
    const res = await file(reporter, {
      target_type: 'message',
      target_id: message.id,
      reason: 'spam',
    });
    expectError(res, 429, 'too_many_requests');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('guests may complain; hostile bodies are refused cleanly and change nothing', async () => {
    const author = await person(t.app);
    const guest = await person(t.app, 'guest');
    const message = await roomMessage(t.app, author);
    const base = { target_type: 'message', target_id: message.id, reason: 'spam' };
    expectInvalid(await file(guest, { ...base, text: { $gt: '' } }), ['text']);
    expectInvalid(await file(guest, { ...base, target_id: { id: 1 } }), ['target_id']);
    expectInvalid(await file(guest, { ...base, reason: ['spam'] }), ['reason']);
    expectInvalid(await file(guest, { ...base, target_type: 'room' }), ['target_type']);
    expectInvalid(await file(guest, { ...base, text: 'x'.repeat(1001) }), ['text']);
    const poisoned = await guest.asBrowser({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'content-type': 'application/json' },
      payload: `{"target_type":"message","target_id":${message.id},"reason":"spam","__proto__":{"admin":true}}`,
    });
    expect(envelopeProblem(poisoned, [400, 422]), poisoned.body).toBeNull();
    const count = await db()
      .selectFrom('complaints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('target_id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    const res = await file(guest, base);
    expect(res.statusCode, res.body).toBe(201);
    expect(complaintOf(res).reporter.id).toBe(guest.user.id);
  });

  it('without a session: 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      payload: { target_type: 'user', target_id: 1, reason: 'spam' },
    });
    expectError(res, 401);
  });

  it('lists: mine for anyone; open and closed need complaint.handle (403)', async () => {
    const reporter = await person(t.app);
    const author = await person(t.app);
    const message = await roomMessage(t.app, author);
    const mineId = complaintOf(
      await file(reporter, { target_type: 'message', target_id: message.id, reason: 'spam' }),
    ).id;
    const list = (who: Client, query: string) =>
      who.asBrowser({ method: 'GET', url: `/api/complaints${query}` });
    const mine = json<{ data: ComplaintWire[]; meta: Record<string, number> }>(
      await list(reporter, '?tab=mine'),
    );
    expect(mine.data.map((c) => c.id)).toEqual([mineId]);
    expect(mine.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 1 });
    expect(json<{ data: ComplaintWire[] }>(await list(reporter, '')).data).toHaveLength(1);
    expectError(await list(reporter, '?tab=open'), 403, 'forbidden');
    expectError(await list(reporter, '?tab=closed'), 403, 'forbidden');
    expectInvalid(await list(reporter, '?tab=all'), ['tab']);
    expectInvalid(await list(reporter, '?page=0'), ['page']);
    // The queue is worked oldest first: the newest is on its last page.
    const first = json<{ meta: { last_page: number } }>(await list(moderator, '?tab=open'));
    const open = json<{ data: ComplaintWire[] }>(
      await list(moderator, `?tab=open&page=${first.meta.last_page}`),
    );
    expect(open.data.at(-1)!.id).toBe(mineId);
    expect(open.data.every((c) => c.status === 'open' || c.status === 'taken')).toBe(true);
    const closed = json<{ data: ComplaintWire[] }>(await list(moderator, '?tab=closed&page=1'));
    expect(closed.data.every((c) => c.status === 'accepted' || c.status === 'refused')).toBe(true);
  });

  it('a complaint is seen by its reporters and the staff; anyone else gets 404', async () => {
    const author = await person(t.app);
    const reporter = await person(t.app);
    const stranger = await person(t.app);
    const message = await roomMessage(t.app, author);
    const id = complaintOf(
      await file(reporter, { target_type: 'message', target_id: message.id, reason: 'spam' }),
    ).id;
    expectError(await detail(stranger, id), 404, 'not_found');
    expectError(await detail(author, id), 404, 'not_found');
    expectError(await detail(stranger, 999999), 404);
    const mine = json<{ data: ComplaintDetail }>(await detail(reporter, id)).data;
    expect(mine.can).toEqual({ take: false, resolve: false, comment: true });
    const staff = json<{ data: ComplaintDetail }>(await detail(moderator, id)).data;
    expect(staff.can).toEqual({ take: true, resolve: true, comment: true });
    expect(staff.reporter.id).toBe(reporter.user.id);
  });
});
