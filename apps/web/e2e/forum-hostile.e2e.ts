import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import { apiUser, signInToChat } from './chat-kit';
import {
  PHONE,
  apiThread,
  failOnDialogs,
  fitsWidth,
  forumIndexed,
  seededThread,
} from './forum-kit';

const session = useBrowser();

const SCRIPT = '<script>alert(1)</script>';
const IMAGE = '<img src=x onerror=alert(1)>';

/** Nothing of the hostile text became markup anywhere on the page, and no handler ran. */
async function noMarkup(page: Page): Promise<void> {
  const found = await page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"], [onerror]').length,
    // The app's own scripts are modules with a src; an injected one would be inline.
    inline: [...document.querySelectorAll('script')].filter((s) => !s.src).length,
    javascript: document.querySelectorAll('a[href^="javascript" i]').length,
  }));
  expect(found).toEqual({ images: 0, inline: 0, javascript: 0 });
}

describe('markup in the forum', () => {
  for (const [locale, phone] of [
    ['en', false],
    ['ru', true],
  ] as const) {
    const size = phone ? 375 : 1280;
    it(`shows a subject and a post full of scripts as text, on every page they appear (${locale}, ${size})`, async () => {
      const dialogs: string[] = [];
      const writer = await apiUser(session.baseUrl, 'Hostile');
      const { category } = await seededThread(session.baseUrl, writer.token, locale);
      const stamp = `${Date.now() % 1_000_000}`;
      const subject = `${SCRIPT} ${IMAGE} ${stamp}`;
      const text = `**hostile** ${SCRIPT}\n\n${IMAGE} [click](javascript:alert(1)) ${stamp}`;

      const page = await session.newPage(phone ? PHONE : {});
      failOnDialogs(page, dialogs);
      await signInToChat(page, locale, writer.nick);
      await page.goto(`/${locale}/forum/create/${category.slug}`);
      await page.getByTestId('forum-create-subject').fill(subject);
      await page.getByTestId('forum-create-text').fill(text);
      const preview = page.getByTestId('forum-create-preview');
      await expect
        .poll(() => preview.locator('strong').allTextContents(), { timeout: 15_000 })
        .toEqual(['hostile']);
      expect(await preview.textContent()).toContain(SCRIPT);
      expect(await preview.textContent()).toContain(IMAGE);
      await noMarkup(page);
      await page.getByTestId('forum-create-send').click();

      // The thread: the subject and the post as they were typed.
      await page.waitForURL((url) => url.pathname.startsWith(`/${locale}/forum/thread/`));
      const slug = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
      const [post] = (await apiThread(session.baseUrl, slug)).posts;
      if (!post) throw new Error('the thread has no first post');
      expect(await page.getByTestId('forum-thread-subject').textContent()).toBe(subject);
      const body = page.getByTestId(`forum-post-body-${post.id}`);
      await expect.poll(() => body.textContent()).toContain(SCRIPT);
      expect(await body.textContent()).toContain(IMAGE);
      await noMarkup(page);
      await fitsWidth(page);
      await shot(page, `forum-hostile-${locale}-${size}-thread`);

      // The category's list, the home page's latest threads and the search's results.
      await page.getByTestId('forum-thread-category').click();
      const row = page.getByTestId('forum-thread-rows').getByText(subject, { exact: true });
      await row.first().waitFor();
      await noMarkup(page);
      await fitsWidth(page);
      await shot(page, `forum-hostile-${locale}-${size}-category`);
      await page.goto(`/${locale}`);
      await page.getByTestId('home-thread-link').getByText(subject, { exact: true }).waitFor();
      await noMarkup(page);

      await forumIndexed(session.baseUrl, 'hostile', post.id);
      await page.goto(`/${locale}/search?q=${encodeURIComponent(`hostile ${SCRIPT}`)}`);
      const hit = page.locator(
        `[data-testid="search-hit"][data-hit-type="forum_post"]:has(a[href$="/forum/thread/${slug}?post=${post.id}"])`,
      );
      await hit.waitFor();
      expect(await hit.getByTestId('search-hit-link').textContent()).toBe(subject);
      expect(await hit.getByTestId('search-hit-snippet').textContent()).toContain(SCRIPT);
      await noMarkup(page);
      await fitsWidth(page);
      await shot(page, `forum-hostile-${locale}-${size}-search`);

      // Give a handler that slipped through the time to fire.
      await page.waitForTimeout(500);
      expect(dialogs).toEqual([]);
    }, 120_000);
  }
});
