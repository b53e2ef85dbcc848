import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import { apiUser, signInToChat, subscribing } from './chat-kit';
import { PHONE, failOnDialogs, fitsWidth } from './forum-kit';
import { ADMIN_PASSWORD } from './global-setup';
import {
  apiArtPost,
  apiLike,
  attachPictures,
  colouredPicture,
  isBlurred,
  orderOf,
  seededGroup,
} from './art-kit';

const session = useBrowser();

/** Drags the editor's picture at `from` by its handle with the mouse and drops it on `to`. */
async function dragOnto(page: Page, from: number, to: number): Promise<void> {
  const handle = (at: number) =>
    page.getByTestId('art-order-item').nth(at).locator('.art-order-handle').boundingBox();
  const start = await handle(from);
  const end = await handle(to);
  if (!start || !end) throw new Error('the pictures to drag are not on screen');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  // Past the sensor's 6 px before it counts as a drag, then onto the target's centre.
  await page.mouse.move(start.x + start.width / 2 + 12, start.y + start.height / 2, { steps: 3 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.mouse.up();
}

const WORDS = {
  ru: {
    title: 'Три заката',
    text: 'Над **морем**, три вечера подряд.',
    comment: 'Какие цвета!',
    people: ['Художник', 'Зритель', 'Гость'],
    liked: '2 человека оценили',
    report: 'Жалоба на работу в арте',
  },
  en: {
    title: 'Three sunsets',
    text: 'Over the **sea**, three evenings in a row.',
    comment: 'What colours!',
    people: ['Painter', 'Viewer', 'Visitor'],
    liked: '2 people liked',
    report: 'Report an art post',
  },
} as const;

describe('the art section', () => {
  for (const [locale, phone] of [
    ['ru', true],
    ['en', false],
  ] as const) {
    const size = phone ? 375 : 1280;
    it(`publishes three pictures in a chosen order, 18+ blurred; another person likes and comments live; one grouped notice (${locale}, ${size})`, async () => {
      const words = WORDS[locale];
      const dialogs: string[] = [];
      const [author, second, third] = await Promise.all(
        words.people.map((prefix) => apiUser(session.baseUrl, prefix)),
      );
      if (!author || !second || !third) throw new Error('people were not registered');
      const group = await seededGroup(session.baseUrl, author.token, locale);

      // 1. The author finds the groups and the newest art, opens a group and publishes.
      const first = await session.newPage(phone ? PHONE : {});
      failOnDialogs(first, dialogs);
      await signInToChat(first, locale, author.nick);
      await first.goto(`/${locale}/art`);
      await first.getByTestId('art-groups').waitFor();
      await first.getByTestId('art-grid').waitFor();
      await fitsWidth(first);
      await shot(first, `art-${locale}-${size}-index`);
      await first.getByTestId(`art-group-${group.slug}`).click();
      await first.waitForURL((url) => url.pathname === `/${locale}/art/${group.slug}`);
      await first.getByTestId('art-group-name').waitFor();
      await fitsWidth(first);
      await shot(first, `art-${locale}-${size}-group`);
      await first.getByTestId('art-publish').click();
      await first.waitForURL((url) => url.pathname === `/${locale}/art/create/${group.slug}`);
      const title = `${words.title} ${Date.now() % 100_000}`;
      await first.getByTestId('art-editor-title').fill(title);
      await first.getByTestId('art-editor-text').fill(words.text);
      await attachPictures(first, [
        { name: 'red.png', buffer: await colouredPicture(220, 60, 40, 300, 200) },
        { name: 'green.png', buffer: await colouredPicture(40, 180, 80, 200, 300) },
        { name: 'blue.png', buffer: await colouredPicture(40, 80, 220, 240, 240) },
      ]);
      const uploaded = await orderOf(first, 'art-order-item');
      expect(uploaded).toHaveLength(3);
      const [a, b, c] = uploaded as [number, number, number];

      // The order by keyboard: the third picture to the front, announced.
      await first.getByTestId('art-order-item').nth(2).focus();
      await first.keyboard.press('Home');
      await expect.poll(() => orderOf(first, 'art-order-item')).toEqual([c, a, b]);
      await expect.poll(() => first.getByTestId('art-order-live').textContent()).toMatch(/3.*1.*3/);
      // And by a button: the second one a place later.
      await first.getByTestId('art-order-later').nth(1).click();
      await expect.poll(() => orderOf(first, 'art-order-item')).toEqual([c, b, a]);
      // And by dragging: the first picture dropped on the third.
      await dragOnto(first, 0, 2);
      await expect.poll(() => orderOf(first, 'art-order-item')).toEqual([b, a, c]);
      const order = [b, a, c];

      // The draft survives a reload: the words, the pictures and their order.
      await first.reload();
      await first.getByTestId('art-editor-title').waitFor();
      expect(await first.getByTestId('art-editor-title').inputValue()).toBe(title);
      await expect.poll(() => orderOf(first, 'art-order-item')).toEqual(order);
      await first.getByTestId('art-editor-adult').check();
      const preview = first.getByTestId('art-editor-preview');
      await expect.poll(() => preview.locator('strong').count(), { timeout: 15_000 }).toBe(1);
      await fitsWidth(first);
      await shot(first, `art-${locale}-${size}-create`);
      await first.getByTestId('art-editor-send').click();
      await first.waitForURL((url) => url.pathname.startsWith(`/${locale}/art/post/`));
      const slug = decodeURIComponent(new URL(first.url()).pathname.split('/').at(-1) ?? '');

      // 2. The post: its pictures large in that order, covered (18+) until clicked.
      await first.getByTestId('art-pictures').waitFor();
      expect(await orderOf(first, 'art-picture')).toEqual(order);
      expect(await first.getByTestId('art-post-title').textContent()).toContain(title);
      expect(await isBlurred(first, '[data-testid="art-picture"] img')).toBe(true);
      await fitsWidth(first);
      await shot(first, `art-${locale}-${size}-post-covered`);
      await first.getByTestId('adult-cover').first().click();
      expect(await isBlurred(first, '[data-testid="art-picture"] img')).toBe(false);
      // The chat's viewer: "1 / 3", an arrow, Escape.
      await first.getByTestId('art-picture-open').first().click();
      const counter = first.getByTestId('viewer-counter');
      await expect.poll(() => counter.textContent()).toBe('1 / 3');
      await first.keyboard.press('ArrowRight');
      await expect.poll(() => counter.textContent()).toBe('2 / 3');
      // Shot once the viewer has faded and slid in.
      await expect
        .poll(() =>
          first
            .locator('.attachment-viewer .modal-dialog')
            .evaluate((e) => getComputedStyle(e).transform, undefined, { timeout: 5_000 }),
        )
        .toBe('none');
      await shot(first, `art-${locale}-${size}-viewer`);
      await first.keyboard.press('Escape');
      await first.getByTestId('attachment-viewer').waitFor({ state: 'detached' });

      const post = await apiArtPost(session.baseUrl, slug);
      expect(post.pictures.map((p) => p.id)).toEqual(order);
      await subscribing(first, [`art-post.${post.id}`], () => first.reload());
      await first.getByTestId('art-pictures').waitFor();

      // 3. A second person likes and comments; the author's open page hears both.
      const other = await session.newPage(phone ? {} : PHONE);
      failOnDialogs(other, dialogs);
      await signInToChat(other, locale, second.nick);
      await other.goto(`/${locale}/art/post/${slug}`);
      // They may report it: the site's complaint dialog, about an art post.
      await other.getByTestId('art-report').click();
      const complaint = other.getByTestId('complaint-dialog');
      await expect.poll(() => complaint.locator('h2').textContent()).toBe(words.report);
      await other.keyboard.press('Escape');
      await complaint.waitFor({ state: 'detached' });
      await other.getByTestId('art-like').click();
      await expect
        .poll(() => other.getByTestId('art-like').getAttribute('aria-pressed'))
        .toBe('true');
      await other.getByTestId('art-comment-text').fill(words.comment);
      await other.getByTestId('art-comment-send').click();
      await other.getByTestId('art-comment-list').getByText(words.comment).waitFor();
      await other.getByTestId('art-comments').scrollIntoViewIfNeeded();
      await shot(other, `art-${locale}-${phone ? 1280 : 375}-liked-commented`);

      await expect
        .poll(() => first.getByTestId('art-like-count').textContent(), { timeout: 15_000 })
        .toBe('1');
      await first
        .getByTestId('art-comment-list')
        .getByText(words.comment)
        .waitFor({ timeout: 15_000 });
      await first.getByTestId('art-comments').scrollIntoViewIfNeeded();
      await shot(first, `art-${locale}-${size}-heard`);

      // 4. A third likes it too: the author has one notice counting both.
      await apiLike(session.baseUrl, third.token, post.id);
      await expect
        .poll(() => first.getByTestId('art-like-count').textContent(), { timeout: 15_000 })
        .toBe('2');
      // Who liked it, on hover: the names are read again, the count having outgrown them.
      await first.getByTestId('art-like-count').hover();
      await expect
        .poll(() => first.getByTestId('art-liked-by').textContent(), { timeout: 15_000 })
        .toContain(second.nick);
      await shot(first, `art-${locale}-${size}-liked-by`);
      await first.mouse.move(0, 0);
      await first.getByTestId('bell').click();
      const likes = first
        .getByTestId('bell-menu')
        .locator('[data-testid="notification"][data-type="art_like"]');
      await expect.poll(() => likes.count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => likes.textContent(), { timeout: 15_000 }).toContain(words.liked);
      expect(await likes.textContent()).toContain(title);
      await shot(first, `art-${locale}-${size}-notified`);
      await likes.getByTestId('notification-open').click();
      await first.waitForURL((url) => url.pathname === `/${locale}/art/post/${slug}`);

      // 5. In the group's gallery and on the home page the post is a blurred thumbnail.
      await first.goto(`/${locale}/art/${group.slug}`);
      const card = first.getByTestId(`art-card-${post.id}`);
      await card.waitFor();
      expect(await card.getByTestId('art-thumb').getAttribute('data-adult')).toBe('1');
      expect(await isBlurred(first, `[data-testid="art-card-${post.id}"] img`)).toBe(true);
      await fitsWidth(first);
      await shot(first, `art-${locale}-${size}-gallery-blurred`);
      // The order changes by the tabs, kept in the address.
      await first.getByTestId('art-sort-top').click();
      await first.waitForURL((url) => url.searchParams.get('sort') === 'top');
      await first.getByTestId(`art-card-${post.id}`).waitFor();

      // The author's profile lists the post among their art.
      await first.goto(`/${locale}/profile/${author.slug}`);
      const mine = first.getByTestId('profile-art-grid').getByTestId(`art-card-${post.id}`);
      await mine.waitFor();
      await mine.scrollIntoViewIfNeeded();
      await fitsWidth(first);
      await shot(first, `art-${locale}-${size}-profile`);

      // 6. Moderators find the new post in their queue, linked to it.
      const staff = await session.newPage(phone ? PHONE : {});
      await signInToChat(staff, locale, 'admin', ADMIN_PASSWORD);
      await staff.goto(`/${locale}/moderation/queue`);
      const queued = staff.getByTestId('queue-art').filter({ hasText: title }).first();
      await queued.waitFor();
      await queued.scrollIntoViewIfNeeded();
      expect(await queued.locator('a').getAttribute('href')).toBe(`/${locale}/art/post/${slug}`);
      await fitsWidth(staff);
      await shot(staff, `art-${locale}-${size}-moderation-queue`);
      await first.goto(`/${locale}`);
      const home = first.getByTestId(`art-card-${post.id}`);
      await home.waitFor();
      await first.getByTestId('home-art').scrollIntoViewIfNeeded();
      expect(await isBlurred(first, `[data-testid="art-card-${post.id}"] img`)).toBe(true);
      await fitsWidth(first);
      await shot(first, `art-${locale}-${size}-home`);
      expect(dialogs).toEqual([]);
    });
  }
});
