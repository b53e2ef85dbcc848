import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn } from '../../test/factories';
import { giftByFile, seedGifts, sendGift, sentGift } from './gifts-test-kit';
import { expectLedgerAddsUp, fund } from './ledger-test-kit';

const dialects = await testDialects();
const COPIES = 50;

describe.each(dialects)('gifts under races on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedGifts(t.app);
  });
  afterAll(async () => t.close());

  const pair = async () => [
    await signedIn(t.app, await buildUser(t.app)),
    await signedIn(t.app, await buildUser(t.app)),
  ];
  const count = async (table: 'user_gifts' | 'notifications', column: string, id: number) =>
    (
      await t.database.db
        .selectFrom(table)
        .select('id')
        .where(column as 'id', '=', id)
        .execute()
    ).length;

  it(`${COPIES} different purchases at once with coins for 3: exactly 3 succeed`, async () => {
    const [sender, recipient] = await pair();
    const heart = await giftByFile(t.app, 'heart.svg');
    // Coins for exactly three hearts, split across both parts.
    await fund(t.app, sender!.user.id, { balance: heart.price * 3 - 7, bonus: 7 });
    const answers = await Promise.all(
      Array.from({ length: COPIES }, () =>
        sendGift(sender!, { gift_id: heart.id, user_id: recipient!.user.id }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 422)).toHaveLength(COPIES - 3);
    for (const res of answers.filter((r) => r.statusCode === 422))
      expect(Object.keys(json<{ errors: object }>(res).errors)).toEqual(['balance']);
    expect(await t.app.deps.economy.ledger.wallet(sender!.user.id)).toEqual({
      balance: 0,
      bonus: 0,
      total: 0,
    });
    expect(await count('user_gifts', 'sender_id', sender!.user.id)).toBe(3);
    // Stored after the answers.
    await vi.waitFor(async () =>
      expect(await count('notifications', 'user_id', recipient!.user.id)).toBe(3),
    );
    await expectLedgerAddsUp(t.app);
  });

  it(`the same request_id ${COPIES} times at once: one gift, one debit, one answer`, async () => {
    const [sender, recipient] = await pair();
    const cake = await giftByFile(t.app, 'cake.svg');
    await fund(t.app, sender!.user.id, { balance: cake.price * 10 });
    const request_id = `gift-${randomBytes(6).toString('hex')}`;
    const body = { gift_id: cake.id, user_id: recipient!.user.id, request_id };
    const answers = await Promise.all(
      Array.from({ length: COPIES }, () => sendGift(sender!, body)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c === 201),
      codes.join(','),
    ).toHaveLength(1);
    expect(codes.filter((c) => c === 200)).toHaveLength(COPIES - 1);
    expect(new Set(answers.map((r) => sentGift(r).id)).size).toBe(1);
    expect(await count('user_gifts', 'sender_id', sender!.user.id)).toBe(1);
    // Stored after the answers.
    await vi.waitFor(async () =>
      expect(await count('notifications', 'user_id', recipient!.user.id)).toBe(1),
    );
    expect((await t.app.deps.economy.ledger.wallet(sender!.user.id)).total).toBe(cake.price * 9);

    // Later, even with another gift in the body, the key answers the first gift.
    const star = await giftByFile(t.app, 'star.svg');
    const again = await sendGift(sender!, { ...body, gift_id: star.id });
    expect(again.statusCode).toBe(200);
    expect(sentGift(again)).toEqual(sentGift(answers.find((r) => r.statusCode === 201)!));
    expect((await t.app.deps.economy.ledger.wallet(sender!.user.id)).total).toBe(cake.price * 9);
    await expectLedgerAddsUp(t.app);
  });

  it('the same request_id by two people is two gifts (keys are per sender)', async () => {
    const [a, b] = await pair();
    const rose = await giftByFile(t.app, 'rose.svg');
    await fund(t.app, a!.user.id, { balance: 10 });
    await fund(t.app, b!.user.id, { balance: 10 });
    const request_id = `shared-${randomBytes(6).toString('hex')}`;
    const [ra, rb] = await Promise.all([
      sendGift(a!, { gift_id: rose.id, user_id: b!.user.id, request_id }),
      sendGift(b!, { gift_id: rose.id, user_id: a!.user.id, request_id }),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect(sentGift(ra).id).not.toBe(sentGift(rb).id);
    await expectLedgerAddsUp(t.app);
  });

  it('lets ten pairs gift each other at the same instant without a deadlock', async () => {
    const rose = await giftByFile(t.app, 'rose.svg');
    const pairs = await Promise.all(Array.from({ length: 10 }, () => pair()));
    for (const [a, b] of pairs) {
      await fund(t.app, a!.user.id, { balance: 10 });
      await fund(t.app, b!.user.id, { balance: 10 });
    }
    const answers = await Promise.all(
      pairs.flatMap(([a, b]) => [
        sendGift(a!, { gift_id: rose.id, user_id: b!.user.id }),
        sendGift(b!, { gift_id: rose.id, user_id: a!.user.id }),
      ]),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 201));
    await expectLedgerAddsUp(t.app);
  });
});
