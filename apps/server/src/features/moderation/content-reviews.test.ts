import type {
  ContentReview,
  NotificationWire,
  PageMeta,
  Profile,
  ProfilePhoto,
} from '@chat/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { completeUpload } from '../my/my-test-kit';

const dialects = await testDialects();
type Errors = { code: string; errors: Record<string, string[]> };

describe.each(dialects)('content moderation on %s', (dialect) => {
  let t: TestApp;
  let moderator: Client;
  let otherModerator: Client;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    moderator = await person('moderator');
    otherModerator = await person('moderator');
  });
  afterAll(async () => t.close());

  const db = () => t.app.deps.database.db;
  async function person(role = 'user'): Promise<Client> {
    return signedIn(t.app, await buildUser(t.app, { role }));
  }
  const en = (opts: InjectOptions): InjectOptions => ({
    ...opts,
    headers: { 'x-localization': 'en', ...(opts.headers ?? {}) },
  });
  const setAbout = async (who: Client, about: string | null) => {
    const res = await who.asBrowser({
      method: 'PATCH',
      url: '/api/my/profile',
      payload: { about },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const addPhoto = async (who: Client): Promise<ProfilePhoto> => {
    const upload = await completeUpload(t.app, who.user.id, { width: 64, height: 64 });
    const res = await who.asBrowser({
      method: 'POST',
      url: '/api/my/photos',
      payload: { attachment_id: upload.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ data: ProfilePhoto }>(res).data;
  };
  const queue = async (who: Client = moderator, page = 1) => {
    const res = await who.asBrowser({ method: 'GET', url: `/api/moderation/queue?page=${page}` });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: ContentReview[]; meta: PageMeta }>(res);
  };
  /** Every waiting item (the queue is shared by the whole file). */
  const waiting = async (): Promise<ContentReview[]> => {
    const first = await queue();
    const rest = [];
    for (let p = 2; p <= first.meta.last_page; p += 1)
      rest.push(...(await queue(moderator, p)).data);
    return [...first.data, ...rest];
  };
  const itemOf = async (ownerId: number, type: 'about' | 'photo') =>
    (await waiting()).find((r) => r.owner.id === ownerId && r.subject_type === type);
  const decide = (who: Client, id: number, payload: object) =>
    who.asBrowser(en({ method: 'POST', url: `/api/moderation/queue/${id}`, payload }));
  const decideContent = (who: Client, payload: object) =>
    who.asBrowser(en({ method: 'POST', url: '/api/moderation/content', payload }));
  const restore = (who: Client, id: number) =>
    who.asBrowser(en({ method: 'POST', url: `/api/my/reviews/${id}/restore` }));
  const profileOf = async (who: Client | null, slug: string): Promise<Profile> => {
    const opts: InjectOptions = { method: 'GET', url: `/api/profile/${slug}` };
    const res = who ? await who.asBrowser(opts) : await t.app.inject(opts);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: Profile }>(res).data;
  };
  const logOf = (subjectType: string, subjectId: number) =>
    db()
      .selectFrom('moderation_log')
      .selectAll()
      .where('subject_type', '=', subjectType)
      .where('subject_id', '=', subjectId)
      .orderBy('id')
      .execute();
  const restoreFlag = (data: string) => (JSON.parse(data) as { restore?: boolean }).restore;
  const notificationsOf = async (userId: number): Promise<NotificationWire[]> =>
    (
      await db()
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', '=', 'content')
        .orderBy('id')
        .execute()
    ).map((n) => ({ ...n, data: JSON.parse(n.data) as Record<string, unknown> }));
  const reviewRow = (id: number) =>
    db().selectFrom('content_reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('queues a new photo and a changed about text, oldest first, with the content as it is now', async () => {
    const owner = await person();
    await setAbout(owner, 'Hello <b>there</b>');
    const photo = await addPhoto(owner);
    const about = await itemOf(owner.user.id, 'about');
    const shot = await itemOf(owner.user.id, 'photo');
    expect(about).toMatchObject({
      subject_id: owner.user.id,
      status: 'new',
      text: 'Hello <b>there</b>',
      attachment: null,
      reason: null,
      moderator: null,
      owner: { id: owner.user.id, slug: owner.user.slug },
    });
    expect(shot).toMatchObject({ subject_id: photo.id, status: 'new', text: null });
    expect(shot!.attachment).toMatchObject({ id: photo.attachment.id, url: photo.attachment.url });
    const ids = (await waiting()).map((r) => r.id);
    expect(ids.indexOf(about!.id)).toBeLessThan(ids.indexOf(shot!.id));
    const { meta } = await queue();
    expect(meta).toMatchObject({ current_page: 1, per_page: 20 });
    expect(meta.total).toBeGreaterThanOrEqual(2);
    // Post-moderation: visible to everyone while it waits.
    const shown = await profileOf(null, owner.user.slug);
    expect(shown.about).toBe('Hello <b>there</b>');
    expect(shown.photos.map((p) => p.id)).toEqual([photo.id]);
    expect(shown.about_moderation).toBeNull();
    expect(shown.photos[0]!.moderation).toBeNull();
    // A second edit updates the same item (one row per piece), with the new text.
    await setAbout(owner, 'Hello again');
    const again = await itemOf(owner.user.id, 'about');
    expect(again).toMatchObject({ id: about!.id, text: 'Hello again', status: 'new' });
    // Emptying the text takes it out of the queue.
    await setAbout(owner, null);
    expect(await itemOf(owner.user.id, 'about')).toBeUndefined();
    expect((await reviewRow(about!.id)).status).toBe('accepted');
    // Deleting the photo takes it out too.
    const del = await owner.asBrowser({ method: 'DELETE', url: `/api/my/photos/${photo.id}` });
    expect(del.statusCode, del.body).toBe(204);
    expect(await itemOf(owner.user.id, 'photo')).toBeUndefined();
  });

  it('accepts: out of the queue, logged, and the owner is not bothered', async () => {
    const owner = await person();
    await setAbout(owner, 'fine text');
    const item = (await itemOf(owner.user.id, 'about'))!;
    const res = await decide(moderator, item.id, { status: 'accepted' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: ContentReview }>(res).data).toMatchObject({
      id: item.id,
      status: 'accepted',
      moderator: { id: moderator.user.id },
    });
    expect(await itemOf(owner.user.id, 'about')).toBeUndefined();
    const log = await logOf('about', owner.user.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actor_id: moderator.user.id,
      action: 'content.accept',
      target_user_id: owner.user.id,
    });
    expect(await notificationsOf(owner.user.id)).toEqual([]);
    // Deciding again: it is not waiting any more.
    const twice = await decide(otherModerator, item.id, { status: 'refused', comment: 'no' });
    expect(twice.statusCode).toBe(422);
    expect(json<Errors>(twice).errors.status).toEqual(['This is already accepted.']);
  });

  it('refuses only with a reason; a refused piece is hidden from others but not from its owner and staff', async () => {
    const owner = await person();
    const stranger = await person();
    await setAbout(owner, 'rude words');
    const photo = await addPhoto(owner);
    const about = (await itemOf(owner.user.id, 'about'))!;
    const shot = (await itemOf(owner.user.id, 'photo'))!;

    for (const payload of [{ status: 'refused' }, { status: 'refused', comment: '   ' }]) {
      const res = await decide(moderator, about.id, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(json<Errors>(res).errors)).toEqual(['comment']);
    }
    expect((await reviewRow(about.id)).status).toBe('new');
    expect(await logOf('about', owner.user.id)).toEqual([]);

    const emits = vi.spyOn(t.app.deps.events, 'emit');
    const refused = await decide(moderator, about.id, { status: 'refused', comment: 'Insults' });
    expect(refused.statusCode, refused.body).toBe(200);
    // Open profiles of the owner hear of it (UserUpdated on private-chat).
    const updated = emits.mock.calls.filter(([name]) => name === 'user.updated');
    emits.mockRestore();
    expect(updated.map(([, e]) => (e as { user: { id: number } }).user.id)).toEqual([
      owner.user.id,
    ]);
    expect(json<{ data: ContentReview }>(refused).data).toMatchObject({
      status: 'refused',
      reason: 'Insults',
      text: 'rude words',
    });
    const refusedPhoto = await decide(moderator, shot.id, { status: 'refused', comment: 'Nudity' });
    expect(refusedPhoto.statusCode, refusedPhoto.body).toBe(200);

    // The content rows keep the copy the visibility filters read.
    const row = await db()
      .selectFrom('users')
      .select('about_status')
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    expect(row.about_status).toBe('refused');
    const photoRow = await db()
      .selectFrom('profile_photos')
      .select('status')
      .where('id', '=', photo.id)
      .executeTakeFirstOrThrow();
    expect(photoRow.status).toBe('refused');

    for (const viewer of [null, stranger]) {
      const seen = await profileOf(viewer, owner.user.slug);
      expect(seen.about).toBeNull();
      expect(seen.about_moderation).toBeNull();
      expect(seen.photos).toEqual([]);
    }
    for (const viewer of [owner, otherModerator]) {
      const seen = await profileOf(viewer, owner.user.slug);
      expect(seen.about).toBe('rude words');
      expect(seen.about_moderation).toEqual({
        review_id: about.id,
        status: 'refused',
        reason: 'Insults',
      });
      expect(seen.photos.map((p) => [p.id, p.status, p.moderation])).toEqual([
        [photo.id, 'refused', { review_id: shot.id, status: 'refused', reason: 'Nudity' }],
      ]);
    }

    // The owner is told, with the reason.
    expect((await notificationsOf(owner.user.id)).map((n) => n.data)).toEqual([
      { subject_type: 'about', subject_id: owner.user.id, status: 'refused', reason: 'Insults' },
      { subject_type: 'photo', subject_id: photo.id, status: 'refused', reason: 'Nudity' },
    ]);
    const log = await logOf('about', owner.user.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actor_id: moderator.user.id,
      action: 'content.refuse',
      target_user_id: owner.user.id,
      comment: 'Insults',
    });
    expect(JSON.parse(log[0]!.data)).toMatchObject({ restore: false });
    // A refused photo cannot become the avatar.
    const avatar = await owner.asBrowser({
      method: 'POST',
      url: '/api/my/avatar',
      payload: { photo_id: photo.id },
    });
    expect(avatar.statusCode, avatar.body).toBe(422);
  });

  it('an edit of a refused text asks for it back: updated, in the queue, still hidden until accepted', async () => {
    const owner = await person();
    await setAbout(owner, 'first');
    const item = (await itemOf(owner.user.id, 'about'))!;
    await decide(moderator, item.id, { status: 'refused', comment: 'Spam' });
    await setAbout(owner, 'second, polite');
    const back = await itemOf(owner.user.id, 'about');
    expect(back).toMatchObject({ id: item.id, status: 'updated', text: 'second, polite' });
    expect((await profileOf(null, owner.user.slug)).about).toBeNull();
    expect((await profileOf(owner, owner.user.slug)).about_moderation).toMatchObject({
      status: 'updated',
      reason: 'Spam',
    });
    const ok = await decide(moderator, item.id, { status: 'accepted' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await profileOf(null, owner.user.slug)).about).toBe('second, polite');
    const log = await logOf('about', owner.user.id);
    expect(log.map((l) => [l.action, restoreFlag(l.data)])).toEqual([
      ['content.refuse', false],
      ['content.accept', true],
    ]);
    // Accepting a restore is news for the owner.
    expect((await notificationsOf(owner.user.id)).map((n) => n.data.status)).toEqual([
      'refused',
      'accepted',
    ]);
  });

  it('a restore request: only by the owner, only from refused; a moderator may refuse it', async () => {
    const owner = await person();
    const other = await person();
    const photo = await addPhoto(owner);
    const item = (await itemOf(owner.user.id, 'photo'))!;

    const early = await restore(owner, item.id);
    expect(early.statusCode).toBe(422);
    expect(json<Errors>(early).errors.status).toEqual(['This is already waiting for moderation.']);
    await decide(moderator, item.id, { status: 'refused', comment: 'Blurry' });

    expect((await restore(other, item.id)).statusCode).toBe(404);
    expect((await restore(moderator, item.id)).statusCode).toBe(404);
    expect((await restore(owner, 987654)).statusCode).toBe(404);
    expect((await reviewRow(item.id)).status).toBe('refused');

    const asked = await restore(owner, item.id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(json<{ data: ContentReview }>(asked).data).toMatchObject({
      status: 'updated',
      reason: 'Blurry',
    });
    expect((await itemOf(owner.user.id, 'photo'))?.status).toBe('updated');
    expect((await profileOf(null, owner.user.slug)).photos).toEqual([]);
    const twice = await restore(owner, item.id);
    expect(twice.statusCode).toBe(422);
    expect(json<Errors>(twice).errors.status).toEqual(['A restore of this is already requested.']);

    const no = await decide(moderator, item.id, { status: 'refused', comment: 'Still blurry' });
    expect(no.statusCode, no.body).toBe(200);
    expect(await itemOf(owner.user.id, 'photo')).toBeUndefined();
    const log = await logOf('photo', photo.id);
    expect(log.map((l) => [l.action, l.comment, restoreFlag(l.data)])).toEqual([
      ['content.refuse', 'Blurry', false],
      ['content.refuse', 'Still blurry', true],
    ]);
    expect((await notificationsOf(owner.user.id)).map((n) => n.data.reason)).toEqual([
      'Blurry',
      'Still blurry',
    ]);
  });

  it('refuses 403 without content.moderate, and changes nothing', async () => {
    const owner = await person();
    await setAbout(owner, 'text to judge');
    const item = (await itemOf(owner.user.id, 'about'))!;
    const before = await reviewRow(item.id);
    for (const who of [await person(), await person('guest'), owner]) {
      const list = await who.asBrowser({ method: 'GET', url: '/api/moderation/queue' });
      expect(list.statusCode).toBe(403);
      expect(json<Errors>(list).code).toBe('forbidden');
      for (const res of [
        await decide(who, item.id, { status: 'accepted' }),
        await decideContent(who, {
          subject_type: 'about',
          subject_id: owner.user.id,
          status: 'refused',
          comment: 'x',
        }),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(json<Errors>(res).code).toBe('forbidden');
      }
    }
    expect(await reviewRow(item.id)).toEqual(before);
    expect(await logOf('about', owner.user.id)).toEqual([]);
    // Staff content is judged by someone above: a moderator may not judge a moderator's.
    const peer = await person('moderator');
    await setAbout(peer, 'moderator text');
    // Not in a moderator's queue at all (issue 19, point 7): looked up in the table.
    expect(await itemOf(peer.user.id, 'about')).toBeUndefined();
    const staffItem = await db()
      .selectFrom('content_reviews')
      .select('id')
      .where('owner_id', '=', peer.user.id)
      .where('subject_type', '=', 'about')
      .executeTakeFirstOrThrow();
    expect((await decide(moderator, staffItem.id, { status: 'accepted' })).statusCode).toBe(403);
    expect((await decide(peer, staffItem.id, { status: 'accepted' })).statusCode).toBe(403);
    const admin = await person('admin');
    expect((await decide(admin, staffItem.id, { status: 'accepted' })).statusCode).toBe(200);
  });

  it('two moderators deciding at once decide once', async () => {
    const owner = await person();
    await setAbout(owner, 'contested');
    const item = (await itemOf(owner.user.id, 'about'))!;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        decide(i % 2 ? moderator : otherModerator, item.id, {
          status: i % 3 ? 'refused' : 'accepted',
          comment: `reason ${i}`,
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 422, 422, 422, 422, 422]);
    const final = (await reviewRow(item.id)).status;
    for (const loser of answers.filter((r) => r.statusCode === 422))
      expect(json<Errors>(loser).errors.status).toEqual([`This is already ${final}.`]);
    expect(await logOf('about', owner.user.id)).toHaveLength(1);
  });

  it('from a profile, a refusal on rank leaves no review row behind', async () => {
    const admin = await person('admin');
    // Older content: no review row yet, so a decision would make one.
    await db()
      .updateTable('users')
      .set({ about: 'admin text' })
      .where('id', '=', admin.user.id)
      .execute();
    const res = await decideContent(moderator, {
      subject_type: 'about',
      subject_id: admin.user.id,
      status: 'refused',
      comment: 'No',
    });
    expect(res.statusCode, res.body).toBe(403);
    const rows = await db()
      .selectFrom('content_reviews')
      .selectAll()
      .where('owner_id', '=', admin.user.id)
      .execute();
    expect(rows).toEqual([]);
    expect(await logOf('about', admin.user.id)).toEqual([]);
  });

  it('decides straight from a profile, making the review of older content, and a refused avatar goes', async () => {
    const owner = await person();
    // Content from before moderation existed: no review row, the column defaults.
    await db()
      .updateTable('users')
      .set({ about: 'old text' })
      .where('id', '=', owner.user.id)
      .execute();
    const photo = await addPhoto(owner);
    const avatar = await owner.asBrowser({
      method: 'POST',
      url: '/api/my/avatar',
      payload: { photo_id: photo.id },
    });
    expect(avatar.statusCode, avatar.body).toBe(200);

    const noReason = await decideContent(moderator, {
      subject_type: 'about',
      subject_id: owner.user.id,
      status: 'refused',
    });
    expect(noReason.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(noReason).errors)).toEqual(['comment']);
    const already = await decideContent(moderator, {
      subject_type: 'about',
      subject_id: owner.user.id,
      status: 'accepted',
    });
    expect(already.statusCode).toBe(422);
    expect(json<Errors>(already).errors.status).toEqual(['This is already accepted.']);

    const res = await decideContent(moderator, {
      subject_type: 'about',
      subject_id: owner.user.id,
      status: 'refused',
      comment: 'Advertising',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: ContentReview }>(res).data).toMatchObject({
      subject_type: 'about',
      status: 'refused',
      text: 'old text',
    });
    expect((await profileOf(null, owner.user.slug)).about).toBeNull();

    const gone = await decideContent(moderator, {
      subject_type: 'photo',
      subject_id: photo.id,
      status: 'refused',
      comment: 'Not you',
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const seen = await profileOf(null, owner.user.slug);
    expect(seen.user.avatar).toBeNull();
    expect(seen.photos).toEqual([]);
    // Accepting it back from the profile shows it again (the avatar stays gone).
    const back = await decideContent(moderator, {
      subject_type: 'photo',
      subject_id: photo.id,
      status: 'accepted',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await profileOf(null, owner.user.slug)).photos.map((p) => p.id)).toEqual([photo.id]);

    for (const missing of [
      { subject_type: 'photo', subject_id: 987654 },
      { subject_type: 'about', subject_id: 987654 },
      // No text: nothing to judge.
      { subject_type: 'about', subject_id: moderator.user.id },
    ])
      expect((await decideContent(moderator, { ...missing, status: 'accepted' })).statusCode).toBe(
        404,
      );
  });
});
