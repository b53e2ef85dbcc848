import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Gift } from '@chat/shared';
import { DEMO_GIFTS } from '../../db/seed/seed-gift-catalogue';
import { expectError } from '../../hostile/kit';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import {
  changeGift,
  giftByFile,
  seedGifts,
  sendGift,
  sentGift,
  setPremium,
} from './gifts-test-kit';
import { expectLedgerAddsUp, fund } from './ledger-test-kit';

const dialects = await testDialects();

describe.each(dialects)('gifts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedGifts(t.app);
  });
  afterAll(async () => {
    await expectLedgerAddsUp(t.app);
    await t.close();
  });

  const db = () => t.database.db;
  const person = async (role: 'user' | 'guest' | 'moderator' | 'admin' = 'user') =>
    signedIn(t.app, await buildUser(t.app, { role }));
  let adminClient: Client | undefined;
  const admin = async () => (adminClient ??= await person('admin'));
  const wallet = (c: Client) => t.app.deps.economy.ledger.wallet(c.user.id);
  const ledgerOf = (userId: number) =>
    db().selectFrom('ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const giftsFrom = (userId: number) =>
    db().selectFrom('user_gifts').selectAll().where('sender_id', '=', userId).execute();
  const notificationsOf = (userId: number) =>
    db().selectFrom('notifications').selectAll().where('user_id', '=', userId).execute();

  describe('the catalogue', () => {
    it('is seeded once, with premium-only gifts, and a second seed adds nothing', async () => {
      await seedGifts(t.app);
      const rows = await db().selectFrom('gifts').selectAll().orderBy('position').execute();
      expect(rows.map((r) => r.file)).toEqual(DEMO_GIFTS.map((g) => g.file));
      expect(rows.filter((r) => r.premium_only === 1)).toHaveLength(2);
      expect(rows.every((r) => r.price >= 5 && r.price <= 500)).toBe(true);
    });

    it('lists active gifts by position in the caller’s language, with picture URLs', async () => {
      const rose = await giftByFile(t.app, 'rose.svg');
      const cake = await giftByFile(t.app, 'cake.svg');
      await changeGift(t.app, await admin(), cake, { active: false });
      try {
        const en = json<{ data: Gift[] }>(
          await t.app.inject({
            method: 'GET',
            url: '/api/gifts',
            headers: { 'x-localization': 'en' },
          }),
        ).data;
        expect(en[0]).toEqual({
          id: rose.id,
          name: 'Rose',
          price: 5,
          image: '/assets/static/gifts/rose.svg',
          premium_only: false,
        });
        expect(en.map((g) => g.image.split('/').pop())).toEqual(
          DEMO_GIFTS.map((g) => g.file).filter((f) => f !== 'cake.svg'),
        );
        expect(en.filter((g) => g.premium_only).map((g) => g.name)).toEqual([
          'Crown',
          'Diamond ring',
        ]);
        const ru = json<{ data: Gift[] }>(await t.app.inject({ method: 'GET', url: '/api/gifts' }));
        expect(ru.data[0]!.name).toBe('Роза');
      } finally {
        await changeGift(t.app, await admin(), cake, { active: true });
      }
    });

    it('serves every picture as SVG with long caching, self-contained', async () => {
      for (const { file } of DEMO_GIFTS) {
        const res = await t.app.inject({ method: 'GET', url: `/assets/static/gifts/${file}` });
        expect(res.statusCode, file).toBe(200);
        expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(res.headers['cache-control']).toMatch(/max-age=\d{4,}/);
        expect(res.body).toMatch(/viewBox="0 0 128 128"/);
        // No text and nothing fetched from elsewhere (the namespace is not a reference).
        expect(res.body.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(
          /<text|href|url\((?!#)|https?:/,
        );
      }
    });
  });

  describe('sending', () => {
    it('takes the bonus first, records the gift at its price and notifies the recipient', async () => {
      const [sender, recipient] = [await person(), await person()];
      await fund(t.app, sender.user.id, { balance: 100, bonus: 20 });
      const bouquet = await giftByFile(t.app, 'bouquet.svg');
      const res = await sendGift(
        sender,
        { gift_id: bouquet.id, user_id: recipient.user.id, text: '  With love  ' },
        { 'x-localization': 'en' },
      );
      expect(res.statusCode, res.body).toBe(201);
      const sent = sentGift(res);
      expect(sent).toMatchObject({
        gift: { id: bouquet.id, name: 'Bouquet', price: 100, premium_only: false },
        sender: { id: sender.user.id, slug: sender.user.slug },
        recipient: { id: recipient.user.id },
        text: 'With love',
        anonymous: false,
        private: false,
      });
      expect(await wallet(sender)).toEqual({ balance: 20, bonus: 0, total: 20 });
      const rows = (await ledgerOf(sender.user.id)).filter((r) => r.reason === 'gift');
      expect(rows.map((r) => [r.part, r.amount, r.ref_type, r.ref_id, r.counterpart_id])).toEqual([
        ['bonus', -20, 'gift', sent.id, recipient.user.id],
        ['balance', -80, 'gift', sent.id, recipient.user.id],
      ]);
      // A gift is not coins: the recipient's wallet and ledger stay untouched.
      expect(await ledgerOf(recipient.user.id)).toEqual([]);
      expect(await wallet(recipient)).toEqual({ balance: 0, bonus: 0, total: 0 });

      // Stored after the answer, a moment later.
      const [note] = await vi.waitFor(async () => {
        const notes = await notificationsOf(recipient.user.id);
        expect(notes).toHaveLength(1);
        return notes;
      });
      expect(note?.kind).toBe('gift');
      expect(JSON.parse(note!.data)).toMatchObject({
        type: 'gift',
        gift_id: bouquet.id,
        user_gift_id: sent.id,
        gift: { name: { ru: 'Букет', en: 'Bouquet' }, image: '/assets/static/gifts/bouquet.svg' },
        sender: { id: sender.user.id },
        text: 'With love',
        anonymous: false,
        private: false,
      });

      // The price paid stays with the gift when the catalogue changes.
      await changeGift(t.app, await admin(), bouquet, { price: 999 });
      const profile = json<{ data: { gifts: { id: number; gift: { price: number } }[] } }>(
        await t.app.inject({ method: 'GET', url: `/api/profile/${recipient.user.slug}` }),
      );
      expect(profile.data.gifts.map((g) => [g.id, g.gift.price])).toEqual([[sent.id, 100]]);
      await changeGift(t.app, await admin(), bouquet, { price: 100 });
      await expectLedgerAddsUp(t.app);
    });

    it('refuses without enough coins (422 errors.balance) and changes nothing', async () => {
      const [sender, recipient] = [await person(), await person()];
      await fund(t.app, sender.user.id, { balance: 3, bonus: 1 });
      const rose = await giftByFile(t.app, 'rose.svg');
      const res = await sendGift(sender, { gift_id: rose.id, user_id: recipient.user.id });
      const body = expectError(res, 422, 'validation');
      expect(Object.keys(body.errors ?? {})).toEqual(['balance']);
      expect(await wallet(sender)).toEqual({ balance: 3, bonus: 1, total: 4 });
      expect(await giftsFrom(sender.user.id)).toEqual([]);
      expect(await notificationsOf(recipient.user.id)).toEqual([]);
      expect(await ledgerOf(sender.user.id)).toHaveLength(2);
    });

    it('refuses myself, a guest (422 user_id), a deleted or unknown person (404)', async () => {
      const [sender, guest, gone] = [await person(), await person('guest'), await person()];
      await fund(t.app, sender.user.id, { balance: 50 });
      const rose = await giftByFile(t.app, 'rose.svg');
      const to = (user_id: number) => sendGift(sender, { gift_id: rose.id, user_id });
      for (const res of [await to(sender.user.id), await to(guest.user.id)])
        expect(Object.keys(expectError(res, 422, 'validation').errors ?? {})).toEqual(['user_id']);
      await db()
        .updateTable('users')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', gone.user.id)
        .execute();
      expectError(await to(gone.user.id), 404, 'not_found');
      expectError(await to(9_999_999), 404, 'not_found');
      expect(await wallet(sender)).toEqual({ balance: 50, bonus: 0, total: 50 });
      expect(await giftsFrom(sender.user.id)).toEqual([]);
    });

    it('refuses an unknown or withdrawn gift (404)', async () => {
      const [sender, recipient] = [await person(), await person()];
      await fund(t.app, sender.user.id, { balance: 50 });
      expectError(await sendGift(sender, { gift_id: 9_999_999, user_id: recipient.user.id }), 404);
      const star = await giftByFile(t.app, 'star.svg');
      await changeGift(t.app, await admin(), star, { active: false });
      try {
        expectError(await sendGift(sender, { gift_id: star.id, user_id: recipient.user.id }), 404);
      } finally {
        await changeGift(t.app, await admin(), star, { active: true });
      }
      expect(await wallet(sender)).toEqual({ balance: 50, bonus: 0, total: 50 });
    });

    it('gives premium-only gifts to premium senders only (403 otherwise)', async () => {
      const [sender, recipient] = [await person(), await person()];
      await fund(t.app, sender.user.id, { balance: 300 });
      const crown = await giftByFile(t.app, 'crown.svg');
      const send = () => sendGift(sender, { gift_id: crown.id, user_id: recipient.user.id });
      expectError(await send(), 403, 'forbidden');
      await setPremium(t.app, sender.user.id, false);
      expectError(await send(), 403, 'forbidden');
      expect(await wallet(sender)).toEqual({ balance: 300, bonus: 0, total: 300 });
      await setPremium(t.app, sender.user.id, true);
      const res = await send();
      expect(res.statusCode, res.body).toBe(201);
      expect(await wallet(sender)).toEqual({ balance: 0, bonus: 0, total: 0 });
    });

    it('is for registered people only; a guest may not send (403 guest)', async () => {
      const [guest, recipient] = [await person('guest'), await person()];
      const rose = await giftByFile(t.app, 'rose.svg');
      expectError(
        await sendGift(guest, { gift_id: rose.id, user_id: recipient.user.id }),
        403,
        'guest',
      );
    });

    it('validates the body: ids, text length, request_id shape', async () => {
      const [sender, recipient] = [await person(), await person()];
      const rose = await giftByFile(t.app, 'rose.svg');
      for (const body of [
        { user_id: recipient.user.id },
        { gift_id: rose.id },
        { gift_id: -1, user_id: recipient.user.id },
        { gift_id: '1.5', user_id: recipient.user.id },
        { gift_id: rose.id, user_id: recipient.user.id, text: 'x'.repeat(501) },
        { gift_id: rose.id, user_id: recipient.user.id, request_id: 'short' },
        { gift_id: rose.id, user_id: recipient.user.id, anonymous: 'maybe' },
      ])
        expectError(await sendGift(sender, body), 422, 'validation');
    });
  });
});
