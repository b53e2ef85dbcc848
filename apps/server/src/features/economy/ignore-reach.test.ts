import type { ComplaintWire, SentGift } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { giftByFile, seedGifts, sendGift, sentGift } from './gifts-test-kit';
import { expectLedgerAddsUp, fund } from './ledger-test-kit';

const dialects = await testDialects();

/**
 * Issue 19, point 5: the ignore list stops gifts, coins, premium as a gift and partner requests
 * (403, nothing charged, nothing told); a partner request notifies once a pair per cool-down; a
 * recipient hides a gift from their profile; a gift's text can be reported and removed.
 */
describe.each(dialects)('harassment around the ignore list on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedGifts(t.app);
  });
  afterAll(async () => {
    await expectLedgerAddsUp(t.app);
    await t.close();
  });

  const person = async (role = 'user') => signedIn(t.app, await buildUser(t.app, { role }));
  const ignore = async (who: Client, other: Client) =>
    expect(
      (await who.asBrowser({ method: 'POST', url: `/api/ignore/${other.user.id}` })).statusCode,
    ).toBeLessThan(300);
  const notificationsOf = (userId: number) =>
    t.app.deps.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
  const wallet = (userId: number) => t.app.deps.economy.ledger.wallet(userId);
  const expectRefused = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(403);
    const body = json<{ code: string; message: string }>(res as never);
    expect(body.code).toBe('forbidden');
    expect(body.message).toMatch(/игнор|ignore/i);
  };

  it('refuses gifts, coins and premium with a text to someone who ignores the sender, charging nothing', async () => {
    const sender = await person();
    const victim = await person();
    await fund(t.app, sender.user.id, { balance: 50_000 });
    await ignore(victim, sender);
    const before = await wallet(sender.user.id);
    const rose = await giftByFile(t.app, 'rose.svg');

    expectRefused(
      await sendGift(sender, {
        gift_id: rose.id,
        user_id: victim.user.id,
        anonymous: true,
        text: 'you again',
      }),
    );
    expectRefused(
      await sender.asBrowser({
        method: 'POST',
        url: '/api/coins/send',
        payload: { user_id: victim.user.id, amount: 10, text: 'you again' },
      }),
    );
    expectRefused(
      await sender.asBrowser({
        method: 'POST',
        url: '/api/premium',
        payload: { plan: 'month', user_id: victim.user.id },
      }),
    );
    expect(await wallet(sender.user.id)).toEqual(before);
    expect(await notificationsOf(victim.user.id)).toEqual([]);
    const gifts = await t.app.deps.database.db
      .selectFrom('user_gifts')
      .select('id')
      .where('recipient_id', '=', victim.user.id)
      .execute();
    expect(gifts).toEqual([]);
    // The other way round too: one who ignores someone gives them nothing until they stop.
    await fund(t.app, victim.user.id, { balance: 1_000 });
    expect(
      (
        await victim.asBrowser({
          method: 'POST',
          url: '/api/coins/send',
          payload: { user_id: sender.user.id, amount: 10 },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a partner request to someone who ignores the sender', async () => {
    const sender = await person();
    const victim = await person();
    await ignore(victim, sender);
    expectRefused(
      await sender.asBrowser({
        method: 'PATCH',
        url: '/api/my/profile',
        payload: { marital_status: 'married', partner_id: victim.user.id },
      }),
    );
    expect(await notificationsOf(victim.user.id)).toEqual([]);
  });

  it('notifies a partner request once a pair however often it is repeated', async () => {
    const sender = await person();
    const named = await person();
    const name = (partner: number | null) =>
      sender.asBrowser({
        method: 'PATCH',
        url: '/api/my/profile',
        payload: { marital_status: 'married', partner_id: partner },
      });
    // Forty at once, naming and un-naming: one pending request, one notification.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => name(i % 2 === 0 ? named.user.id : null)),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    await name(named.user.id);
    const requests = (await notificationsOf(named.user.id)).filter((n) =>
      n.data.includes('partner_request'),
    );
    expect(requests).toHaveLength(1);
  });

  describe('a gift on a profile', () => {
    let recipient: Client;
    let sender: Client;
    let gift: SentGift;
    const profileGifts = async (viewer: Client | null) => {
      const call = { method: 'GET' as const, url: `/api/profile/${recipient.user.slug}` };
      const res = viewer ? await viewer.asBrowser(call) : await t.app.inject(call);
      return json<{ data: { gifts: SentGift[] } }>(res).data.gifts;
    };
    beforeAll(async () => {
      recipient = await person();
      sender = await person();
      await fund(t.app, sender.user.id, { balance: 10_000 });
      const rose = await giftByFile(t.app, 'rose.svg');
      const res = await sendGift(sender, {
        gift_id: rose.id,
        user_id: recipient.user.id,
        anonymous: true,
        text: 'an anonymous insult',
      });
      expect(res.statusCode, res.body).toBe(201);
      gift = sentGift(res);
    });

    it('lets its recipient hide it from visitors (and only them), and show it again', async () => {
      const visitor = await person();
      const hide = (who: Client, hidden: boolean) =>
        who.asBrowser({ method: 'POST', url: `/api/gifts/${gift.id}/hide`, payload: { hidden } });
      expect((await hide(visitor, true)).statusCode).toBe(404);
      expect((await hide(sender, true)).statusCode).toBe(404);
      const own = await profileGifts(recipient);
      expect(own.find((g) => g.id === gift.id)?.abilities).toMatchObject({ hide: true });
      const hidden = await hide(recipient, true);
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(json<{ data: SentGift }>(hidden).data.hidden).toBe(true);
      expect((await profileGifts(visitor)).map((g) => g.id)).not.toContain(gift.id);
      expect((await profileGifts(null)).map((g) => g.id)).not.toContain(gift.id);
      expect((await profileGifts(recipient)).find((g) => g.id === gift.id)?.hidden).toBe(true);
      expect((await hide(recipient, false)).statusCode).toBe(200);
      expect((await profileGifts(visitor)).map((g) => g.id)).toContain(gift.id);
    });

    it('takes a complaint about its text, keeping the anonymous sender from the reporter', async () => {
      const visitor = await person();
      const admin = await person('admin');
      const seen = (await profileGifts(visitor)).find((g) => g.id === gift.id);
      expect(seen?.abilities).toMatchObject({ report: true, hide: false, remove_text: false });
      const res = await visitor.asBrowser({
        method: 'POST',
        url: '/api/complaints',
        payload: { target_type: 'gift', target_id: gift.id, reason: 'insult' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const mine = json<{ data: ComplaintWire }>(res).data;
      expect(mine.evidence).toMatchObject({
        kind: 'gift',
        text: 'an anonymous insult',
        author: null,
      });
      expect(mine.accused).toBeNull();
      expect(res.body).not.toContain(sender.user.slug);
      const staffView = json<{ data: ComplaintWire }>(
        await admin.asBrowser({ method: 'GET', url: `/api/complaints/${mine.id}` }),
      ).data;
      expect(staffView.accused?.id).toBe(sender.user.id);
      expect(staffView.evidence?.author?.id).toBe(sender.user.id);
      // The sender cannot report their own gift.
      const own = await sender.asBrowser({
        method: 'POST',
        url: '/api/complaints',
        payload: { target_type: 'gift', target_id: gift.id, reason: 'insult' },
      });
      expect(own.statusCode).toBe(422);
    });

    it("lets staff remove its text over a sender they outrank, logged; not an admin's", async () => {
      const moderator = await person('moderator');
      const remove = (who: Client, id: number) =>
        who.asBrowser({ method: 'DELETE', url: `/api/gifts/${id}/text` });
      expect((await remove(sender, gift.id)).statusCode).toBe(403);
      const res = await remove(moderator, gift.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(json<{ data: SentGift }>(res).data).toMatchObject({ text: null, text_removed: true });
      expect((await profileGifts(null)).find((g) => g.id === gift.id)).toMatchObject({
        text: null,
        text_removed: true,
      });
      const logged = await t.app.deps.database.db
        .selectFrom('moderation_log')
        .selectAll()
        .where('action', '=', 'gift.remove_text')
        .where('subject_id', '=', gift.id)
        .execute();
      expect(logged).toHaveLength(1);

      const admin = await person('admin');
      await fund(t.app, admin.user.id, { balance: 1_000 });
      const rose = await giftByFile(t.app, 'rose.svg');
      const fromAdmin = sentGift(
        await sendGift(admin, { gift_id: rose.id, user_id: recipient.user.id, text: 'hello' }),
      );
      expect((await remove(moderator, fromAdmin.id)).statusCode).toBe(403);
    });
  });
});
