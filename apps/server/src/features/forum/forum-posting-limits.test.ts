import type { ForumThreadPage } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json } from '../../test/factories';
import { category, person, replyIn, startThread, thread } from './forum.test-kit';

const dialects = await testDialects();

describe.each(dialects)('forum posting under load and abuse on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('makes 20 concurrent sends of one client_id one thread', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        startThread(author, cat.slug, { client_id: 'twenty-at-once' }),
      ),
    );
    const ids = new Set(results.map((r) => json<{ data: { id: number } }>(r).data.id));
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(ids.size).toBe(1);
    const rows = await t.app.deps.database.db
      .selectFrom('forum_threads')
      .select('id')
      .where('author_id', '=', author.user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers a burst of 500 with 429s, and stores every post that got 201', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const th = await thread(author, cat.slug);
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, i) => replyIn(author, th.slug, { text: `Reply ${i}` })),
    );
    const created = results.filter((r) => r.statusCode === 201);
    const limited = results.filter((r) => r.statusCode === 429);
    expect(created.length + limited.length).toBe(500);
    expect(limited.length).toBeGreaterThan(0);
    expect(json(limited[0]!).code).toBe('too_many_requests');
    const stored = await t.app.deps.database.db
      .selectFrom('forum_posts')
      .select(['id', 'number'])
      .where('thread_id', '=', th.id)
      .execute();
    const storedIds = new Set(stored.map((p) => p.id));
    for (const r of created)
      expect(storedIds.has(json<{ data: { id: number } }>(r).data.id)).toBe(true);
    // Numbers stay unique under the burst.
    expect(new Set(stored.map((p) => p.number)).size).toBe(stored.length);
  });

  it('refuses a 1 MB post and a 10 000-word subject with 422', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const big = await startThread(author, cat.slug, { text: 'a'.repeat(1_000_000) });
    expect([413, 422]).toContain(big.statusCode);
    const subject = await startThread(author, cat.slug, { subject: 'слово '.repeat(10_000) });
    expect(subject.statusCode).toBe(422);
    expect(json(subject).errors).toHaveProperty('subject');
  });

  it('shows markup as text: escaped subjects, sanitized posts', async () => {
    const cat = await category(t.app, { name: '<b onmouseover=alert(1)>Cat</b>' });
    const author = await person(t.app);
    const th = await thread(author, cat.slug, {
      subject: '<script>alert(1)</script>',
      text: '<img src=x onerror=alert(1)> [x](javascript:alert(1)) <a href="javascript:y">z</a>',
    });
    expect(th.subject).toBe('<script>alert(1)</script>');
    const res = await t.app.inject({ method: 'GET', url: `/api/forum/threads/${th.slug}` });
    const page = json<ForumThreadPage>(res);
    const html = page.data[0]!.html;
    // Only real tags count: the markup comes back as escaped text.
    expect(html).not.toMatch(/<script|<img|<[a-z][^>]*\son\w+=|<a\s[^>]*href="javascript:/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page.thread.category.name).toBe('<b onmouseover=alert(1)>Cat</b>');
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('refuses prototype keys and objects where strings belong, changing nothing', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const proto = await author.asBrowser({
      method: 'POST',
      url: `/api/forum/categories/${cat.slug}/threads`,
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true},"subject":"s","text":"t","client_id":"proto-key-1"}',
    });
    expect(proto.statusCode).toBeLessThan(500);
    const objects = await startThread(author, cat.slug, { subject: { $gt: '' }, text: ['x'] });
    expect(objects.statusCode).toBe(422);
    const page = await t.app.inject({ method: 'GET', url: '/api/forum/threads/x?page=1000000000' });
    expect([404, 422]).toContain(page.statusCode);
    // A NUL byte in a slug is refused before any database sees it.
    for (const url of ['/api/forum/threads/a%00b', '/api/forum/categories/%00'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(422);
    expect((await replyIn(author, '%00')).statusCode).toBe(422);
  });
});
