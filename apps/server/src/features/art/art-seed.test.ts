import type { ArtGalleryPage, ArtGroup, ArtPostPage } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ART_GROUPS, DEMO_ART_POSTS } from '../../db/seed/demo-art';
import { seedDemo } from '../../db/seed/seed';
import { seedDemoArt } from '../../db/seed/seed-art';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json } from '../../test/factories';
import { FORUM_CONTENT_TOOLS } from '../content/content-tools';
import { artContentTools } from './art-seed-tools';

const dialects = await testDialects();

describe.each(dialects)('the demo art section on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('seeds groups in both languages with posts of pictures drawn and stored now, once, fast', async () => {
    const tools = artContentTools(t.app.deps.storage);
    const started = Date.now();
    await seedDemo(t.database, FORUM_CONTENT_TOOLS, tools);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await seedDemoArt(t.database, new Date().toISOString(), tools)).toBe(false);

    const groups = json<{ data: ArtGroup[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/art/groups',
        headers: { 'x-localization': 'en' },
      }),
    ).data;
    expect(groups.map((g) => g.slug)).toEqual(DEMO_ART_GROUPS.map((g) => g.slug));
    expect(groups.map((g) => g.name)).toEqual(['Drawings', 'Photos', 'Pixel art']);
    for (const g of groups) {
      expect(g.posts_count).toBe(DEMO_ART_POSTS.filter((p) => p.group === g.slug).length);
      expect(g.cover?.thumb_url).toMatch(/^\/storage\/files\//);
    }

    const all = json<ArtGalleryPage>(await t.app.inject({ method: 'GET', url: '/api/art' }));
    expect(all.meta.total).toBe(DEMO_ART_POSTS.length);
    const shapes = new Set(
      all.data.flatMap((p) => p.pictures.map((x) => `${x.width}x${x.height}`)),
    );
    expect(shapes.size).toBeGreaterThan(3);
    const sunset = all.data.find((p) => p.title === 'Закат на даче')!;
    expect(sunset.pictures[0]).toMatchObject({ width: 1200, height: 800, mime: 'image/jpeg' });
    const file = await t.app.inject({ method: 'GET', url: sunset.pictures[0]!.thumb_url! });
    expect(file.statusCode).toBe(200);
    const page = json<ArtPostPage>(
      await t.app.inject({ method: 'GET', url: `/api/art/posts/${sunset.slug}` }),
    );
    expect(page.data.likes_count).toBe(3);
    expect(page.comments.data[1]!.html).toContain('<img class="smiley"');
  });
});
