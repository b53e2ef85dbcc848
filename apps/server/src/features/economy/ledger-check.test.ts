import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser } from '../../test/factories';
import { checkLedger, describeLedgerCheck } from './ledger-check';
import { fund } from './ledger-test-kit';

const dialects = await testDialects();

describe.each(dialects)('the ops ledger check on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('passes books that add up, names a row changed behind the ledger', async () => {
    const good = await buildUser(t.app);
    const broken = await buildUser(t.app);
    await fund(t.app, good.id, { balance: 10, bonus: 3 });
    await fund(t.app, broken.id, { balance: 4 });
    await t.app.deps.economy.ledger.run((tx) =>
      tx.debit({ userId: good.id, amount: 5, reason: 'gift' }),
    );
    expect(await checkLedger(t.database)).toEqual([]);
    expect(describeLedgerCheck([])).toEqual(['ledger: every wallet equals its ledger sums']);

    await t.database.db
      .updateTable('users')
      .set({ balance: 40, bonus: 1 })
      .where('id', '=', broken.id)
      .execute();
    const found = await checkLedger(t.database);
    expect(found).toEqual([
      { userId: broken.id, balance: 40, bonus: 1, ledgerBalance: 4, ledgerBonus: 0 },
    ]);
    expect(describeLedgerCheck(found)).toEqual([
      `user ${broken.id}: balance 40 (ledger 4), bonus 1 (ledger 0)`,
      'ledger: 1 wallet(s) do not add up',
    ]);

    // A ledger row without the wallet change is caught the other way round.
    await t.database.db
      .updateTable('users')
      .set({ balance: 4, bonus: 0 })
      .where('id', '=', broken.id)
      .execute();
    await t.database.db
      .insertInto('ledger')
      .values({
        user_id: good.id,
        amount: 2,
        part: 'bonus',
        reason: 'adjustment',
        ref_type: null,
        ref_id: null,
        counterpart_id: null,
        balance_after: 0,
        bonus_after: 0,
        op_key: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await checkLedger(t.database)).toEqual([
      { userId: good.id, balance: 8, bonus: 0, ledgerBalance: 8, ledgerBonus: 2 },
    ]);
  });
});
