import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser } from '../../test/factories';
import { AccountProvidersRepository } from './account-providers.repository';

const dialects = await testDialects();

describe.each(dialects)('linked providers (account_providers) on %s', (dialect) => {
  let t: TestApp;
  let providers: AccountProvidersRepository;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    providers = new AccountProvidersRepository(t.database.db);
  });
  afterAll(async () => t.close());

  const at = '2026-11-28T03:00:00.000Z';

  it('links a provider account, finds it by provider and subject, lists the account’s links', async () => {
    const user = await buildUser(t.app);
    const google = await providers.link(user.id, 'google', 'g-1', at);
    const vk = await providers.link(user.id, 'vk', '42', at);
    expect(google).toMatchObject({ user_id: user.id, provider: 'google', subject: 'g-1' });
    expect(await providers.find('google', 'g-1')).toEqual(google);
    // The subject is the provider's: the same id at another provider is another person.
    expect(await providers.find('vk', 'g-1')).toBeUndefined();
    expect((await providers.listFor(user.id)).map((l) => l.id)).toEqual([google!.id, vk!.id]);
  });

  it('never moves a provider account to a second account, nor links it twice', async () => {
    const first = await buildUser(t.app);
    const second = await buildUser(t.app);
    expect(await providers.link(first.id, 'google', 'g-2', at)).toBeDefined();
    expect(await providers.link(second.id, 'google', 'g-2', at)).toBeUndefined();
    expect(await providers.link(first.id, 'google', 'g-2', at)).toBeUndefined();
    expect((await providers.find('google', 'g-2'))!.user_id).toBe(first.id);
    expect(await providers.listFor(second.id)).toEqual([]);
  });

  it('a refused link inside a transaction leaves the transaction usable (PostgreSQL aborts on errors)', async () => {
    const first = await buildUser(t.app);
    const second = await buildUser(t.app);
    await providers.link(first.id, 'vk', 'v-3', at);
    const linked = await t.database.db.transaction().execute(async (trx) => {
      const refused = await providers.link(second.id, 'vk', 'v-3', at, trx);
      const other = await providers.link(second.id, 'vk', 'v-4', at, trx);
      return { refused, other };
    });
    expect(linked.refused).toBeUndefined();
    expect(linked.other).toMatchObject({ user_id: second.id, subject: 'v-4' });
  });

  it('unlinks only the account’s own link', async () => {
    const owner = await buildUser(t.app);
    const stranger = await buildUser(t.app);
    await providers.link(owner.id, 'google', 'g-5', at);
    expect(await providers.unlink(stranger.id, 'google', 'g-5')).toBe(false);
    expect(await providers.find('google', 'g-5')).toBeDefined();
    expect(await providers.unlink(owner.id, 'google', 'g-5')).toBe(true);
    expect(await providers.find('google', 'g-5')).toBeUndefined();
    // Free again: the person may link it to another account now.
    expect(await providers.link(stranger.id, 'google', 'g-5', at)).toBeDefined();
  });

  it('the links go when the account is deleted: nobody signs in to the tombstone with them', async () => {
    const user = await buildUser(t.app);
    await providers.link(user.id, 'google', 'g-6', at);
    await t.app.deps.my.account.delete(user, null, 'secret-password');
    expect(await providers.find('google', 'g-6')).toBeUndefined();
  });
});
