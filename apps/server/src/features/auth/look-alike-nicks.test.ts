import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nickSkeleton } from '../../lib/nick-skeleton';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json } from '../../test/factories';
import { describeNickClashes, findNickClashes } from '../users/nick-clashes';

const dialects = await testDialects();
type Errors = { errors: Record<string, string[]> };

/** Issue 19, point 2: nicks that read as another's, as a reserved one, or as nothing. */
describe.each(dialects)('look-alike nicks on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const guest = (nick: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/guest/register',
      headers: { 'x-localization': 'en' },
      payload: { nick },
    });
  const register = (nick: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-localization': 'ru' },
      payload: { nick, password: 'look-alike-1', password_confirmation: 'look-alike-1' },
    });
  const nickErrors = (res: LightMyRequestResponse) => json<Errors>(res).errors.nick;

  it.each([
    ['Cyrillic а', 'аdmin'],
    ['Ukrainian і', 'admіn'],
    ['Greek α', 'αdmin'],
    ['small capital ᴀ', 'ᴀdmin'],
    ['Cherokee letters', 'ᎪᎠmin'],
    ['a Hangul filler', 'admin\u3164'],
    ['two fillers (blank)', '\u3164\u3164'],
    ['halfwidth fillers', 'ab\uffa0\uffa0'],
    ['choseong and jungseong fillers', 'ab\u115f\u1160'],
    ['a zero-width joiner', 'ad\u200dmin'],
    ['a right-to-left override', 'ad\u202emin'],
    ['fullwidth ＡＤＭＩＮ (same nick)', 'ＡＤＭＩＮ'],
    ['mathematical bold 𝐚𝐝𝐦𝐢𝐧', '𝐚𝐝𝐦𝐢𝐧'],
    ['another case', 'ADMIN'],
  ])('refuses a nick with %s and stores nothing', async (_label, nick) => {
    const before = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const res of [await guest(nick), await register(nick)]) {
      expect(res.statusCode, `${JSON.stringify(nick)}: ${res.body}`).toBe(422);
      expect(nickErrors(res)?.length).toBeGreaterThan(0);
    }
    const after = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('says why, in both languages', async () => {
    expect(nickErrors(await guest('аdmin'))).toEqual([
      'Write each word of the nick in one alphabet: do not mix, say, Latin and Cyrillic letters.',
    ]);
    expect(nickErrors(await register('\u3164\u3164'))).toEqual([
      'В нике не может быть невидимых символов (заполнителей, символов нулевой ширины, меток направления).',
    ]);
    expect(nickErrors(await guest('Support'))).toEqual(['This nick is kept for the site itself.']);
    expect(nickErrors(await register('МОДЕРАТОР'))).toEqual(['Этот ник зарезервирован за сайтом.']);
  });

  it.each([
    'administrator',
    'ADMINISTRATOR',
    'moderator',
    'rnoderator',
    'модератор',
    'Администратор',
    'support',
    'SYSTEM',
    'systern',
  ])('keeps %s for the site', async (nick) => {
    const res = await guest(nick);
    expect(res.statusCode, res.body).toBe(422);
  });

  it('refuses a whole-script look-alike of an existing nick, allows words in two alphabets', async () => {
    expect((await guest('BAPA')).statusCode).toBe(201);
    const cyrillic = await guest('ВАРА');
    expect(cyrillic.statusCode).toBe(422);
    expect(nickErrors(cyrillic)).toEqual([
      'This nick looks too much like the nick of another account.',
    ]);
    expect((await guest('Ivan Petrov')).statusCode).toBe(201);
    expect((await guest('lvan Petrov')).statusCode).toBe(422);
    expect((await guest('Вася Pupkin')).statusCode).toBe(201);
    expect((await guest('Ёжик_2000')).statusCode).toBe(201);
  });

  it('stores the skeleton in an indexed unique column, so a race has one winner', async () => {
    const first = await guest('Raceway');
    expect(first.statusCode).toBe(201);
    const row = await t.database.db
      .selectFrom('users')
      .select('nick_skeleton')
      .where('nick', '=', 'Raceway')
      .executeTakeFirstOrThrow();
    expect(row.nick_skeleton).toBe(nickSkeleton('Raceway'));
    // Straight into the table, past the service's check: the unique index refuses it.
    await expect(
      t.app.deps.accounts.insert({
        slug: 'raceway-copy',
        nick: 'RACEWAY',
        nick_key: 'raceway copy',
        nick_skeleton: nickSkeleton('RACEWAY'),
        role: 'guest',
        settings: '{}',
        nick_style: '{}',
        created_at: new Date().toISOString(),
        active_at: null,
      }),
    ).rejects.toThrow();
  });

  it('lists today’s clashes for admins (ops nick-clashes)', async () => {
    // Accounts from before the check: rows written straight, without skeletons.
    const old = await buildUser(t.app, { nick: 'Marta' });
    const copy = await buildUser(t.app, { nick: 'Мarta' });
    const fake = await buildUser(t.app, { nick: 'Suppоrt' });
    const report = await findNickClashes(t.database);
    const group = report.groups.find((g) => g.accounts.some((a) => a.id === old.id));
    expect(group?.accounts.map((a) => a.id)).toEqual([old.id, copy.id]);
    expect(report.reserved.map((a) => a.id)).toContain(fake.id);
    // The seeded admin holds "admin" by right: staff are not listed.
    expect(report.reserved.map((a) => a.nick)).not.toContain('admin');
    expect(report.rules.map((a) => [a.id, a.problem])).toContainEqual([copy.id, 'mixed_scripts']);
    const lines = describeNickClashes(report);
    expect(lines.join('\n')).toContain(`#${copy.id} "Мarta"`);
    expect(lines.at(-1)).toMatch(/^nick-clashes: 1 group/);
  });
});
