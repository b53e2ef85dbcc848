import type { ForumCategory, ForumThreadPage } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json } from '../../test/factories';
import { DEMO_FORUM } from '../../db/seed/demo-forum';
import { seedDemo } from '../../db/seed/seed';
import { seedDemoForum } from '../../db/seed/seed-forum';
import { FORUM_CONTENT_TOOLS } from '../content/content-tools';

const dialects = await testDialects();

describe.each(dialects)('the demo forum on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('seeds categories in both languages with threads and counted posts, once', async () => {
    await seedDemo(t.database, FORUM_CONTENT_TOOLS);
    expect(await seedDemoForum(t.database, new Date().toISOString(), FORUM_CONTENT_TOOLS)).toBe(
      false,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/forum/categories',
      headers: { 'x-localization': 'en' },
    });
    const categories = json<{ data: ForumCategory[] }>(res).data;
    expect(categories.map((c) => c.slug)).toEqual(DEMO_FORUM.map((c) => c.slug));
    expect(categories.map((c) => c.name)).toContain('Music and films');
    for (const [i, c] of DEMO_FORUM.entries()) {
      expect(categories[i]!.threads_count).toBe(c.threads.length);
      expect(categories[i]!.posts_count).toBe(c.threads.reduce((n, th) => n + th.posts.length, 0));
      expect(categories[i]!.last_post).not.toBeNull();
    }
    const page = json<ForumThreadPage>(
      await t.app.inject({ method: 'GET', url: '/api/forum/threads/koshki-ili-sobaki' }),
    );
    expect(page.thread.subject).toBe('Кошки или собаки?');
    expect(page.data[0]!.text).toContain('кошки');
    const smiley = json<ForumThreadPage>(
      await t.app.inject({ method: 'GET', url: '/api/forum/threads/kak-proshli-vashi-vyhodnye' }),
    );
    expect(smiley.data[0]!.html).toContain('<img class="smiley"');
  });
});
