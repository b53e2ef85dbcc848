import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WalletWire } from '@chat/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser } from '../../test/factories';
import { expectLedgerAddsUp, fund } from './ledger-test-kit';
import { LedgerRepository } from './ledger.repository';
import { OperationReplayed } from './ledger.service';

const dialects = await testDialects();

describe.each(dialects)('the ledger on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const ledger = () => t.app.deps.economy.ledger;
  const user = async () => (await buildUser(t.app)).id;
  const rowsOf = (userId: number) =>
    t.database.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const spend = (
    userId: number,
    amount: number,
    extra: { opKey?: string; balanceOnly?: boolean } = {},
  ) => ledger().run((tx) => tx.debit({ userId, amount, reason: 'gift', ...extra }));

  it('credits each part and answers the wallet, emitting wallet.changed after commit', async () => {
    const id = await user();
    const heard: WalletWire[] = [];
    t.app.deps.events.on('wallet.changed', (e) => {
      if (e.userId === id) heard.push(e.wallet);
    });
    await fund(t.app, id, { balance: 7, bonus: 5 });
    expect(await ledger().wallet(id)).toEqual({ balance: 7, bonus: 5, total: 12 });
    expect(heard).toEqual([{ balance: 7, bonus: 5, total: 12 }]);
    expect(
      (await rowsOf(id)).map((r) => [r.part, r.amount, r.balance_after, r.bonus_after]),
    ).toEqual([
      ['balance', 7, 7, 0],
      ['bonus', 5, 7, 5],
    ]);
    await expectLedgerAddsUp(t.app);
  });

  it('spends the bonus first, in one operation of two rows', async () => {
    const id = await user();
    await fund(t.app, id, { balance: 10, bonus: 4 });
    expect(await spend(id, 6, { opKey: 'op-split' })).toEqual({ balance: 8, bonus: 0, total: 8 });
    const rows = (await rowsOf(id)).slice(2);
    expect(rows.map((r) => [r.part, r.amount, r.balance_after, r.bonus_after, r.op_key])).toEqual([
      ['bonus', -4, 10, 0, 'op-split'],
      ['balance', -2, 8, 0, 'op-split'],
    ]);
    expect(await spend(id, 3)).toEqual({ balance: 5, bonus: 0, total: 5 });
    await expectLedgerAddsUp(t.app);
  });

  it('balanceOnly never touches the bonus', async () => {
    const id = await user();
    await fund(t.app, id, { balance: 3, bonus: 100 });
    await expect(spend(id, 4, { balanceOnly: true })).rejects.toMatchObject({
      status: 422,
      options: { errors: { balance: ['balance.not_enough'] } },
    });
    expect(await spend(id, 3, { balanceOnly: true })).toEqual({
      balance: 0,
      bonus: 100,
      total: 100,
    });
    await expectLedgerAddsUp(t.app);
  });

  it('not enough: 422 errors.balance, nothing written, no event', async () => {
    const id = await user();
    await fund(t.app, id, { balance: 2, bonus: 2 });
    let heard = 0;
    t.app.deps.events.on('wallet.changed', (e) => {
      if (e.userId === id) heard += 1;
    });
    await expect(spend(id, 5)).rejects.toMatchObject({ status: 422 });
    expect(heard).toBe(0);
    expect(await rowsOf(id)).toHaveLength(2);
    expect(await ledger().wallet(id)).toEqual({ balance: 2, bonus: 2, total: 4 });
  });

  it('a failure later in the work rolls the debit back', async () => {
    const id = await user();
    await fund(t.app, id, { balance: 5 });
    await expect(
      ledger().run(async (tx) => {
        await tx.debit({ userId: id, amount: 5, reason: 'gift' });
        throw new Error('the gift could not be stored');
      }),
    ).rejects.toThrow('could not be stored');
    expect(await ledger().wallet(id)).toEqual({ balance: 5, bonus: 0, total: 5 });
    await expectLedgerAddsUp(t.app);
  });

  it('refuses amounts that are not positive integers (a bug, not a request)', async () => {
    const id = await user();
    await fund(t.app, id, { balance: 5 });
    for (const amount of [0, -1, 1.5, Number.NaN, 2 ** 53])
      await expect(spend(id, amount)).rejects.toThrow('positive integer');
    expect(await ledger().wallet(id)).toEqual({ balance: 5, bonus: 0, total: 5 });
  });

  it('an opKey used again replays: OperationReplayed, and findOperation answers the first', async () => {
    const id = await user();
    await fund(t.app, id, { balance: 10, bonus: 1 });
    await ledger().run((tx) =>
      tx.debit({ userId: id, amount: 3, reason: 'gift', refType: 'gift', refId: 42, opKey: 'k1' }),
    );
    // Even when the second attempt would take from another part only.
    await expect(spend(id, 1, { opKey: 'k1', balanceOnly: true })).rejects.toBeInstanceOf(
      OperationReplayed,
    );
    const op = await ledger().findOperation(id, 'k1');
    expect(op).toMatchObject({ amount: -3, refType: 'gift', refId: 42, reason: 'gift' });
    expect(op?.rows).toHaveLength(2);
    expect(await ledger().findOperation(id, 'nope')).toBeNull();
    // The same key of another user is theirs.
    const other = await user();
    await fund(t.app, other, { balance: 1 });
    await spend(other, 1, { opKey: 'k1' });
    expect(await ledger().wallet(id)).toEqual({ balance: 8, bonus: 0, total: 8 });
    await expectLedgerAddsUp(t.app);
  });

  it('50 concurrent debits with coins for 3: exactly 3 succeed', async () => {
    const id = await user();
    await fund(t.app, id, { balance: 2, bonus: 1 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => spend(id, 1)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect(r.reason).toMatchObject({ status: 422 });
    expect(await ledger().wallet(id)).toEqual({ balance: 0, bonus: 0, total: 0 });
    await expectLedgerAddsUp(t.app);
  });

  it('the same opKey 50 times at once spends once', async () => {
    const id = await user();
    await fund(t.app, id, { balance: 100 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => spend(id, 7, { opKey: 'same' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect(r.reason).toBeInstanceOf(OperationReplayed);
    expect(await ledger().wallet(id)).toEqual({ balance: 93, bonus: 0, total: 93 });
    await expectLedgerAddsUp(t.app);
  });

  it('two people paying each other at once do not deadlock (lock in id order)', async () => {
    const a = await user();
    const b = await user();
    await fund(t.app, a, { balance: 50 });
    await fund(t.app, b, { balance: 50 });
    const pay = (from: number, to: number) =>
      ledger().run(async (tx) => {
        await tx.lock([from, to]);
        await tx.debit({
          userId: from,
          amount: 1,
          reason: 'coins-sent',
          balanceOnly: true,
          counterpartId: to,
        });
        await tx.credit({
          userId: to,
          amount: 1,
          part: 'balance',
          reason: 'coins-received',
          counterpartId: from,
        });
      });
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? pay(a, b) : pay(b, a))));
    expect((await ledger().wallet(a)).balance).toBe(50);
    expect((await ledger().wallet(b)).balance).toBe(50);
    await expectLedgerAddsUp(t.app);
  });

  it('reads a wallet once per transaction, under its lock, and checks a key once', async () => {
    const id = await user();
    await fund(t.app, id, { balance: 10, bonus: 4 });
    const reads = vi.spyOn(LedgerRepository.prototype, 'lockWallet');
    const keyChecks = vi.spyOn(LedgerRepository.prototype, 'hasOperation');
    try {
      const rows = await ledger().run(async (tx) => {
        await tx.lock([id]);
        const first = await tx.debitRows({ userId: id, amount: 6, reason: 'gift', opKey: 'one' });
        // The second starts from what the first left, not from what the lock read.
        const second = await tx.debitRows({ userId: id, amount: 3, reason: 'gift' });
        const third = await tx.creditRows({
          userId: id,
          amount: 1,
          part: 'bonus',
          reason: 'daily-bonus',
        });
        return [...first.rows, ...second.rows, ...third.rows];
      });
      expect(rows.map((r) => [r.part, r.amount, r.balance_after, r.bonus_after])).toEqual([
        ['bonus', -4, 10, 0],
        ['balance', -2, 8, 0],
        ['balance', -3, 5, 0],
        ['bonus', 1, 5, 1],
      ]);
      expect(reads.mock.calls.filter(([, userId]) => userId === id)).toHaveLength(1);
      // PostgreSQL checks the key in the debit's own statement.
      expect(keyChecks).toHaveBeenCalledTimes(dialect === 'postgres' ? 0 : 1);
    } finally {
      reads.mockRestore();
      keyChecks.mockRestore();
    }
    expect(await ledger().wallet(id)).toEqual({ balance: 5, bonus: 1, total: 6 });
    await expectLedgerAddsUp(t.app);
  });

  it('a copy of the operation that took the last coins replays, not "not enough"', async () => {
    const id = await user();
    await fund(t.app, id, { balance: 5 });
    await spend(id, 5, { opKey: 'all-of-it' });
    await expect(spend(id, 5, { opKey: 'all-of-it' })).rejects.toBeInstanceOf(OperationReplayed);
    await expect(spend(id, 5, { opKey: 'another' })).rejects.toMatchObject({ status: 422 });
    await expectLedgerAddsUp(t.app);
  });

  it('a wallet changed behind its lock is a bug: thrown, and nothing of the debit written', async () => {
    const id = await user();
    await fund(t.app, id, { balance: 10 });
    await expect(
      ledger().run(async (tx) => {
        await tx.lock([id]);
        // Behind the ledger's back: the debit starts from what the lock read.
        await tx.db.updateTable('users').set({ balance: 9 }).where('id', '=', id).execute();
        await tx.debit({ userId: id, amount: 3, reason: 'gift' });
      }),
    ).rejects.toThrow('changed under its lock');
    expect(await ledger().wallet(id)).toEqual({ balance: 10, bonus: 0, total: 10 });
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('history pages newest first', async () => {
    const id = await user();
    await fund(t.app, id, { balance: 30 });
    for (let i = 0; i < 4; i += 1) await spend(id, 1);
    const first = await ledger().history(id, 1, 2);
    expect(first.meta).toEqual({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
    expect(first.rows.map((r) => r.balance_after)).toEqual([26, 27]);
    expect((await ledger().history(id, 3, 2)).rows.map((r) => r.amount)).toEqual([30]);
  });

  it('check() names a user whose totals were changed behind the ledger', async () => {
    const id = await user();
    await fund(t.app, id, { balance: 5, bonus: 1 });
    await t.database.db
      .updateTable('users')
      .set({ balance: sql<number>`balance + 1` })
      .where('id', '=', id)
      .execute();
    const loner = await user();
    await t.database.db.updateTable('users').set({ bonus: 3 }).where('id', '=', loner).execute();
    expect(await ledger().check()).toEqual([
      { userId: id, balance: 6, bonus: 1, ledgerBalance: 5, ledgerBonus: 1 },
      { userId: loner, balance: 0, bonus: 3, ledgerBalance: 0, ledgerBonus: 0 },
    ]);
    // Put them back so the file's other checks still hold.
    await t.database.db.updateTable('users').set({ balance: 5 }).where('id', '=', id).execute();
    await t.database.db.updateTable('users').set({ bonus: 0 }).where('id', '=', loner).execute();
    await expectLedgerAddsUp(t.app);
  });

  if (dialect === 'postgres')
    it('the pool has several connections, so the races above really ran concurrently', async () => {
      const rows = await sql<{ n: number }>`select pg_sleep(0.2)::text, 1 as n`.execute(
        t.database.db,
      );
      expect(rows.rows).toHaveLength(1);
      const started = Date.now();
      await Promise.all(
        Array.from({ length: 5 }, () => sql`select pg_sleep(0.3)`.execute(t.database.db)),
      );
      expect(Date.now() - started).toBeLessThan(1200);
    });
});
