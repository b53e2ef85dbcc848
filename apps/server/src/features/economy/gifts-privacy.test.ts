import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BALANCE_TABS, type SentGift } from '@chat/shared';
import type { UserRow } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { giftByFile, seedGifts, sendGift, sentGift } from './gifts-test-kit';
import { expectLedgerAddsUp, fund } from './ledger-test-kit';

const dialects = await testDialects();

/** Every way a body could name `who`: nick, slug, or their id as a person or a sender. */
function traces(body: string, who: UserRow): string[] {
  const found: string[] = [];
  if (body.toLowerCase().includes(who.nick.toLowerCase())) found.push('nick');
  if (body.includes(who.slug)) found.push('slug');
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${path}.${i}`));
    if (!value || typeof value !== 'object') return;
    const o = value as Record<string, unknown>;
    if (('slug' in o || 'nick' in o) && o.id === who.id) found.push(`${path}: a person`);
    for (const [key, v] of Object.entries(o)) {
      if (/(^|_)(sender|user|counterpart|from|author)(_id)?$/.test(key) && v === who.id)
        found.push(`${path}.${key}`);
      if (key === 'gender' && v !== null && v === who.gender) found.push(`${path}.gender`);
      if (typeof v === 'string' && /^[[{]/.test(v)) {
        try {
          walk(JSON.parse(v), `${path}.${key}`);
        } catch {
          // not JSON: the string checks above cover it
        }
      } else walk(v, `${path}.${key}`);
    }
  };
  try {
    walk(JSON.parse(body), '$');
  } catch {
    // a non-JSON body was searched as text
  }
  return found;
}

describe.each(dialects)('who sees which gift on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedGifts(t.app);
  });
  afterAll(async () => {
    await expectLedgerAddsUp(t.app);
    await t.close();
  });

  const person = async (role: 'user' | 'moderator' | 'admin' = 'user', nick?: string) =>
    signedIn(t.app, await buildUser(t.app, { role, ...(nick ? { nick } : {}) }));
  const profileGifts = async (slug: string, viewer: Client | null) => {
    const call = { method: 'GET' as const, url: `/api/profile/${slug}` };
    const res = viewer ? await viewer.asBrowser(call) : await t.app.inject(call);
    return json<{ data: { gifts: SentGift[] } }>(res).data.gifts;
  };

  it('shows private gifts to the recipient only, newest first', async () => {
    const [sender, recipient, third, moderator] = [
      await person(),
      await person(),
      await person(),
      await person('moderator'),
    ];
    await fund(t.app, sender.user.id, { balance: 100 });
    const rose = await giftByFile(t.app, 'rose.svg');
    const heart = await giftByFile(t.app, 'heart.svg');
    const open = sentGift(await sendGift(sender, { gift_id: rose.id, user_id: recipient.user.id }));
    const hidden = sentGift(
      await sendGift(sender, { gift_id: heart.id, user_id: recipient.user.id, private: true }),
    );
    expect(hidden.private).toBe(true);
    const mine = await profileGifts(recipient.user.slug, recipient);
    expect(mine.map((g) => [g.id, g.private])).toEqual([
      [hidden.id, true],
      [open.id, false],
    ]);
    for (const viewer of [sender, third, moderator, null])
      expect((await profileGifts(recipient.user.slug, viewer)).map((g) => g.id)).toEqual([open.id]);
  });

  it('hides an anonymous sender from everyone but moderators and admins', async () => {
    const [sender, recipient, third, moderator, admin] = [
      await person(),
      await person(),
      await person(),
      await person('moderator'),
      await person('admin'),
    ];
    await fund(t.app, sender.user.id, { balance: 100 });
    const star = await giftByFile(t.app, 'star.svg');
    const res = await sendGift(sender, {
      gift_id: star.id,
      user_id: recipient.user.id,
      anonymous: '1',
      text: 'guess who',
    });
    // The sender's own answer names the sender.
    expect(sentGift(res)).toMatchObject({ anonymous: true, sender: { id: sender.user.id } });
    for (const viewer of [recipient, third, sender, null]) {
      const [gift] = await profileGifts(recipient.user.slug, viewer);
      expect(gift).toMatchObject({ anonymous: true, sender: null, text: 'guess who' });
    }
    for (const staff of [moderator, admin]) {
      const [gift] = await profileGifts(recipient.user.slug, staff);
      expect(gift?.sender?.id).toBe(sender.user.id);
    }
  });

  it('never lets the anonymous sender leak through any API the recipient or a third person calls', async () => {
    const nick = `Secret${randomBytes(3).toString('hex')}`;
    // Her gender is on the wire with her name (Russian agrees with it), so it must not be
    // there either when she gives anonymously; everyone else here has none.
    const [sender, recipient, third, moderator] = [
      await signedIn(t.app, await buildUser(t.app, { nick, gender: 'female' })),
      await person(),
      await person(),
      await person('moderator'),
    ];
    await fund(t.app, sender.user.id, { balance: 500, bonus: 5 });
    const ring = await giftByFile(t.app, 'teddy-bear.svg');

    const broadcasts = vi.spyOn(t.app.deps.realtime, 'broadcast');
    const from = broadcasts.mock.calls.length;
    const sent = sentGift(
      await sendGift(sender, {
        gift_id: ring.id,
        user_id: recipient.user.id,
        anonymous: true,
        request_id: `anon-${randomBytes(6).toString('hex')}`,
      }),
    );
    // The recipient's notification is stored and sent after the answer.
    const live = await vi.waitFor(() => {
      const calls = broadcasts.mock.calls.slice(from).map(([b]) => b);
      expect(calls.some((b) => b.channel === `private-user.${recipient.user.id}`)).toBe(true);
      return calls;
    });
    const offenders: string[] = [];
    const senderChannel = `private-user.${sender.user.id}`;
    for (const b of live.filter((b) => b.channel !== senderChannel))
      for (const trace of traces(b.data, sender.user))
        offenders.push(`realtime ${b.event} on ${b.channel}: ${trace}`);
    broadcasts.mockRestore();

    // The economy's own reads, found in the API document so later routes are searched too.
    const doc = json<{ paths: Record<string, Record<string, unknown>> }>(
      await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    );
    const economyReads = Object.entries(doc.paths)
      .filter(
        ([path, ops]) =>
          'get' in ops && /^\/api\/(balance|gifts|premium|coins|bonus|invoices)/.test(path),
      )
      .flatMap(([path]) =>
        path.includes('{tab}') ? BALANCE_TABS.map((tab) => path.replace('{tab}', tab)) : [path],
      )
      .map((path) => path.replace(/\{[a-z_]*id\}/, String(sent.id)))
      .filter((path) => !path.includes('{'));
    expect(economyReads).toContain('/api/gifts');

    const note = json<{ data: { id: number; kind: string }[] }>(
      await recipient.asBrowser({ method: 'GET', url: '/api/notifications' }),
    ).data.find((n) => n.kind === 'gift');
    expect(note).toBeDefined();
    const reads = (viewer: Client) =>
      [
        '/api/init',
        '/api/notifications',
        `/api/profile/${recipient.user.slug}`,
        ...economyReads,
      ].map((url) => ({ method: 'GET' as const, url, viewer }));
    const calls = [
      ...reads(recipient),
      ...reads(third),
      { method: 'POST' as const, url: `/api/notifications/${note!.id}/read`, viewer: recipient },
    ];
    let searched = 0;
    for (const { method, url, viewer } of calls) {
      for (const locale of ['ru', 'en']) {
        const res = await viewer.asBrowser({ method, url, headers: { 'x-localization': locale } });
        if (res.statusCode >= 500) offenders.push(`${method} ${url}: ${res.statusCode}`);
        if (res.statusCode < 300) searched += 1;
        const who = viewer === recipient ? 'recipient' : 'third';
        for (const trace of traces(res.body, sender.user))
          offenders.push(`${who} ${method} ${url}: ${trace}`);
      }
    }
    expect(searched).toBeGreaterThanOrEqual(calls.length);
    expect(offenders, offenders.join('\n')).toEqual([]);

    // The search does find the sender where they may be seen: a moderator's view of the profile.
    const staffView = await moderator.asBrowser({
      method: 'GET',
      url: `/api/profile/${recipient.user.slug}`,
    });
    expect(traces(staffView.body, sender.user)).not.toEqual([]);
  });
});
