import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bellCount, shot, useBrowser } from './browser';
import { adminToken, apiUser, signInToChat, subscribing } from './chat-kit';
import {
  PHONE,
  apiModerate,
  apiReply,
  attachPicture,
  failOnDialogs,
  fitsWidth,
  forumIndexed,
  registerFromPage,
  searchFromNavbar,
  seededThread,
  selectText,
  apiThread,
} from './forum-kit';

const session = useBrowser();

/**
 * The words of each run: the first post holds a word in one form (`written`), the search asks
 * for another form of it (`asked`); `selected` is the part of the post the second person quotes.
 */
const WORDS = {
  ru: {
    subject: 'Чем кормить котят',
    text: 'Мои **кошки** спят на тёплом подоконнике и едят рыбу.',
    bold: 'кошки',
    written: 'кошки',
    asked: 'кошка',
    selected: 'тёплом подоконнике',
    reply: 'Мои тоже любят рыбу!',
    wrote: 'пишет',
  },
  en: {
    subject: 'Morning runs with a dog',
    text: 'My dog keeps **running** along the river every morning.',
    bold: 'running',
    written: 'running',
    asked: 'run',
    selected: 'along the river',
    reply: 'Mine does the same!',
    wrote: 'wrote',
  },
} as const;

const threadPathOf = (url: string) => new URL(url).pathname;

/** Where a post's top is on the screen now (the reader's place in the thread). */
const topOf = (page: Page, postId: number) =>
  page
    .getByTestId(`forum-post-${postId}`)
    .evaluate((e) => Math.round(e.getBoundingClientRect().top));

describe('the forum', () => {
  for (const [locale, phone] of [
    ['ru', true],
    ['en', false],
  ] as const) {
    const size = phone ? 375 : 1280;
    it(`a guest reads and registers, starts a thread with a picture, hears a quoting reply live, is notified; a moderator locks it; a word form finds it (${locale}, ${size})`, async () => {
      const words = WORDS[locale];
      const dialogs: string[] = [];
      const second = await apiUser(session.baseUrl, locale === 'ru' ? 'Второй' : 'Second');
      const { category, thread: seeded } = await seededThread(
        session.baseUrl,
        second.token,
        locale,
      );

      // 1. A guest reads the forum, a category and a seeded thread: no reply box, an invitation.
      const first = await session.newPage(phone ? PHONE : {});
      failOnDialogs(first, dialogs);
      await first.goto(`/${locale}/forum`);
      await first.getByTestId(`forum-category-${category.slug}`).locator('h2 a').click();
      await first.waitForURL((url) => url.pathname === `/${locale}/forum/${category.slug}`);
      await first.getByTestId('forum-sign-in-to-post').waitFor();
      await fitsWidth(first);
      await shot(first, `forum-${locale}-${size}-category-guest`);
      await first
        .getByTestId(`forum-thread-${seeded.id}`)
        .getByRole('link', { name: seeded.subject, exact: true })
        .click();
      await first.waitForURL((url) => url.pathname === `/${locale}/forum/thread/${seeded.slug}`);
      const seededPosts = first.getByTestId('forum-posts').locator('.forum-post');
      const seededPage = await apiThread(session.baseUrl, seeded.slug);
      await expect.poll(() => seededPosts.count()).toBe(seededPage.posts.length);
      const invitation = first.getByTestId('forum-reply-guest');
      await invitation.waitFor();
      expect(await first.getByTestId('forum-reply-text').count()).toBe(0);
      await fitsWidth(first);
      await shot(first, `forum-${locale}-${size}-thread-guest`);

      // 2. They register from the invitation, come back to the thread, and start their own.
      await invitation.getByRole('link').last().click();
      await first.waitForURL((url) => url.pathname === `/${locale}/register`);
      const firstNick = await registerFromPage(first, locale, locale === 'ru' ? 'Первый' : 'First');
      await first.waitForURL((url) => url.pathname === `/${locale}/forum/thread/${seeded.slug}`);
      await first.getByTestId('forum-reply-text').waitFor();
      await first.getByTestId('forum-thread-category').click();
      await first.getByTestId('forum-new-thread').click();
      await first.waitForURL((url) => url.pathname === `/${locale}/forum/create/${category.slug}`);
      const subject = `${words.subject} ${Date.now() % 100_000}`;
      await first.getByTestId('forum-create-subject').fill(subject);
      await first.getByTestId('forum-create-text').fill(words.text);
      await attachPicture(first, 'kitten.png');
      // The server's live preview renders the Markdown.
      const preview = first.getByTestId('forum-create-preview');
      await expect
        .poll(() => preview.locator('strong').allTextContents(), { timeout: 15_000 })
        .toEqual([words.bold]);
      await fitsWidth(first);
      await shot(first, `forum-${locale}-${size}-create`);
      await first.getByTestId('forum-create-send').click();
      await first.waitForURL((url) => url.pathname.startsWith(`/${locale}/forum/thread/`));
      const slug = decodeURIComponent(threadPathOf(first.url()).split('/').at(-1) ?? '');
      expect(await first.getByTestId('forum-thread-subject').textContent()).toBe(subject);
      const created = await apiThread(session.baseUrl, slug);
      const [opening] = created.posts;
      if (!opening) throw new Error('the new thread has no first post');
      const openingPost = first.getByTestId(`forum-post-${opening.id}`);
      expect(await openingPost.locator('strong').textContent()).toBe(words.bold);
      await openingPost.getByTestId('attachment-grid').locator('img').first().waitFor();
      const threadId = created.id;
      // The first person reads from the top: their place is what must not move.
      await subscribing(first, [`forum-thread.${threadId}`], () => first.reload());
      await first.evaluate(() => {
        (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
        window.scrollTo(0, 0);
      });
      const place = await topOf(first, opening.id);
      const bellBefore = Number((await bellCount(first)) ?? 0);
      await shot(first, `forum-${locale}-${size}-thread-new`);

      // 3. A second person quotes the whole first post, then a selected part of it, and replies.
      const other = await session.newPage(phone ? {} : PHONE);
      failOnDialogs(other, dialogs);
      await signInToChat(other, locale, second.nick);
      await other.goto(`/${locale}/forum/thread/${slug}`);
      const box = other.getByTestId('forum-reply-text');
      await other.getByTestId(`forum-quote-${opening.id}`).click();
      await expect.poll(() => box.inputValue()).toContain(`> ${firstNick} ${words.wrote}:`);
      expect(await box.inputValue()).toContain(`> ${words.text}`);
      await other.getByTestId('forum-replying').waitFor();
      // A selection inside the post brings its own Quote button beside it.
      await selectText(other, `forum-post-body-${opening.id}`, words.selected);
      await other.getByTestId(`forum-quote-selection-${opening.id}`).click();
      await expect.poll(() => box.inputValue()).toMatch(new RegExp(`\n> ${words.selected}\n`));
      await box.fill(`${await box.inputValue()}${words.reply}`);
      await shot(other, `forum-${locale}-${phone ? 1280 : 375}-quoting`);
      await other.getByTestId('forum-reply-send').click();
      const sent = other
        .getByTestId('forum-posts')
        .locator('.forum-post', { hasText: words.reply });
      await sent.waitFor();
      expect(await sent.locator('blockquote').count()).toBeGreaterThanOrEqual(2);

      // The first person's open thread shows it live: same document, their place kept.
      const heard = first
        .getByTestId('forum-posts')
        .locator('.forum-post', { hasText: words.reply });
      await heard.waitFor({ timeout: 15_000 });
      expect(await heard.locator('.forum-reply-to a').first().getAttribute('href')).toMatch(
        new RegExp(`\\?post=${opening.id}$`),
      );
      expect(
        await first.evaluate(
          () => (window as unknown as { __sameDocument?: boolean }).__sameDocument,
        ),
      ).toBe(true);
      expect(Math.abs((await topOf(first, opening.id)) - place)).toBeLessThanOrEqual(1);
      await shot(first, `forum-${locale}-${size}-reply-heard`);

      // They are told: the bell rises, and the notification leads to the thread.
      const replyId = Number((await heard.getAttribute('data-testid'))?.replace('forum-post-', ''));
      await expect.poll(() => bellCount(first), { timeout: 15_000 }).toBe(String(bellBefore + 1));
      await first.getByTestId('bell').click();
      const told = first
        .getByTestId('bell-menu')
        .locator('[data-testid="notification"][data-type="forum_reply"]')
        .filter({ hasText: second.nick });
      await expect.poll(() => told.textContent(), { timeout: 15_000 }).toContain(subject);
      await shot(first, `forum-${locale}-${size}-notified`);
      await told.getByTestId('notification-open').click();
      await first.waitForURL(
        (url) =>
          url.pathname === `/${locale}/forum/thread/${slug}` &&
          url.searchParams.get('post') === String(replyId),
      );
      await expect
        .poll(() => first.getByTestId(`forum-post-${replyId}`).getAttribute('class'))
        .toContain('is-highlighted');

      // 4. A moderator locks the thread: both readers see it locked, and a reply is refused.
      for (const reader of [first, other])
        await subscribing(reader, [`forum-thread.${threadId}`], () => reader.reload());
      await apiModerate(session.baseUrl, await adminToken(session.baseUrl), slug, { locked: true });
      for (const reader of [first, other]) {
        await reader.getByTestId('forum-reply-locked').waitFor({ timeout: 15_000 });
        await reader.getByTestId('forum-thread-locked').waitFor();
        expect(await reader.getByTestId('forum-reply-text').count()).toBe(0);
      }
      await shot(first, `forum-${locale}-${size}-locked`);
      expect(await apiReply(session.baseUrl, second.token, slug, 'Too late')).toBe(403);

      // 5. Another form of a word of the first post finds it, marked; the link opens it there.
      await forumIndexed(session.baseUrl, words.asked, opening.id);
      await searchFromNavbar(first, locale, words.asked, phone);
      const hit = first.locator(
        `[data-testid="search-hit"][data-hit-type="forum_post"]:has(a[href$="/forum/thread/${slug}?post=${opening.id}"])`,
      );
      await hit.waitFor();
      const snippet = hit.getByTestId('search-hit-snippet');
      expect(await snippet.locator('mark').allTextContents()).toContain(words.written);
      // The post's words as it shows them, not its Markdown.
      expect(await snippet.textContent()).not.toContain('**');
      await fitsWidth(first);
      await shot(first, `forum-${locale}-${size}-search`);
      await hit.getByTestId('search-hit-link').click();
      await first.waitForURL((url) => url.searchParams.get('post') === String(opening.id));
      const target = first.getByTestId(`forum-post-${opening.id}`);
      await expect.poll(() => target.getAttribute('class')).toContain('is-highlighted');
      expect(await target.isVisible()).toBe(true);

      expect(dialogs).toEqual([]);
    }, 180_000);
  }
});
