import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { uniqueNick } from './api';
import { apiJson, type Locale } from './chat-kit';

/** What the forum journeys read and type in each language. */
export const FORUM_TEXTS = {
  en: {
    register: 'Register',
    nick: 'Nick',
    password: 'Password',
    repeat: 'Repeat the password',
    searchBox: 'Search the forum, the chat and people',
    searchToggle: 'Search',
  },
  ru: {
    register: 'Зарегистрироваться',
    nick: 'Ник',
    password: 'Пароль',
    repeat: 'Повторите пароль',
    searchBox: 'Поиск по форуму, чату и людям',
    searchToggle: 'Поиск',
  },
} as const;

export const PHONE = { viewport: { width: 375, height: 812 }, touch: true };

interface CategoryWire {
  id: number;
  slug: string;
  name: string;
  threads_count: number;
  can_start: boolean;
}

interface ThreadWire {
  id: number;
  slug: string;
  subject: string;
  posts_count: number;
  locked: boolean;
}

/**
 * A seeded category everyone registered may start threads in, with a seeded thread of a few
 * posts: what a visitor finds on a fresh site (issue 21: demo categories and threads).
 */
export async function seededThread(
  baseUrl: string,
  token: string,
  locale: Locale,
): Promise<{ category: CategoryWire; thread: ThreadWire }> {
  const headers = { 'x-localization': locale };
  const listed = await fetch(`${baseUrl}/api/forum/categories`, {
    headers: { ...headers, accept: 'application/json', authorization: `Bearer ${token}` },
  });
  const categories = ((await listed.json()) as { data: CategoryWire[] }).data;
  for (const category of categories) {
    if (!category.can_start || category.threads_count === 0) continue;
    const page = await fetch(`${baseUrl}/api/forum/categories/${category.slug}`, { headers });
    const threads = ((await page.json()) as { data: ThreadWire[] }).data;
    // The oldest open one: the seeds come first, the journeys' threads (locked ones too) later.
    const open = threads.filter((t) => !t.locked).sort((a, b) => a.id - b.id);
    const thread = open.find((t) => t.posts_count > 1) ?? open[0];
    if (thread) return { category, thread };
  }
  throw new Error('no seeded forum category with threads that a registered person may post in');
}

/** A thread's id and its first page of posts, as a visitor reads them through the API. */
export async function apiThread(
  baseUrl: string,
  slug: string,
): Promise<{ id: number; posts: { id: number; number: number; text: string }[] }> {
  const response = await apiJson(baseUrl, `/api/forum/threads/${slug}`);
  const page = (await response.json()) as {
    thread: { id: number };
    data: { id: number; number: number; text: string }[];
  };
  return { id: page.thread.id, posts: page.data };
}

/** A reply through the API, as another client would; answers the HTTP status. */
export async function apiReply(
  baseUrl: string,
  token: string,
  slug: string,
  text: string,
): Promise<number> {
  const response = await apiJson(baseUrl, `/api/forum/threads/${slug}/posts`, {
    method: 'POST',
    token,
    body: { text, client_id: crypto.randomUUID().replaceAll('-', '') },
  });
  return response.status;
}

/** A moderator's change to a thread through the API (pin, lock, move, delete). */
export async function apiModerate(
  baseUrl: string,
  token: string,
  slug: string,
  change: Record<string, unknown>,
): Promise<void> {
  const response = await apiJson(baseUrl, `/api/forum/threads/${slug}/moderate`, {
    method: 'POST',
    token,
    body: change,
  });
  if (!response.ok) throw new Error(`moderate: ${response.status} ${await response.text()}`);
}

/** Waits until the search index (it may lag a write a little) finds this post by `q`. */
export async function forumIndexed(baseUrl: string, q: string, postId: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const query = new URLSearchParams({ q, in: 'forum', sort: 'new' });
        const response = await apiJson(baseUrl, `/api/search?${query}`);
        const hits =
          ((await response.json()) as { data?: { link: { post_id?: number } }[] }).data ?? [];
        return hits.some((hit) => hit.link.post_id === postId);
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
}

/** A small real picture (a gradient), as a phone's camera would give a smaller one. */
export function picture(): Promise<Buffer> {
  const width = 240;
  const height = 160;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    pixels[i * 3] = i % width;
    pixels[i * 3 + 1] = Math.floor(i / width);
    pixels[i * 3 + 2] = 180;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Chooses a picture with the editor's paperclip and waits until the server has processed it. */
export async function attachPicture(page: Page, name: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('attach-button').click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: await picture() });
  const item = page.getByTestId('upload-item');
  await item.waitFor();
  await expect.poll(() => item.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
}

/**
 * Registers on the registration page the thread's "Register" link opened, and follows it back
 * (`?next=`) to where the person was. Answers the nick.
 */
export async function registerFromPage(page: Page, locale: Locale, prefix: string) {
  const texts = FORUM_TEXTS[locale];
  const nick = uniqueNick(prefix);
  const form = page.getByTestId('register-form');
  await form.getByLabel(texts.nick, { exact: true }).fill(nick);
  await form.getByLabel(texts.password, { exact: true }).fill('secret-123');
  await form.getByLabel(texts.repeat).fill('secret-123');
  await form.getByRole('button', { name: texts.register, exact: true }).click();
  return nick;
}

/** Types into the navbar's search box (opening it first on a phone) and presses Enter. */
export async function searchFromNavbar(page: Page, locale: Locale, q: string, phone: boolean) {
  const texts = FORUM_TEXTS[locale];
  if (phone) await page.getByRole('button', { name: texts.searchToggle, exact: true }).click();
  const box = page.getByRole('searchbox', { name: texts.searchBox });
  await box.fill(q);
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === `/${locale}/search`);
}

/** Fails the journey on any dialog (an `alert(1)` that ran) instead of letting it pass. */
export function failOnDialogs(page: Page, seen: string[]): void {
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/** No sideways scrolling: everything fits the window's width. */
export async function fitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Selects these words inside an element (by test id), as a mouse drag over them would. */
export async function selectText(page: Page, testId: string, word: string): Promise<void> {
  await page.getByTestId(testId).evaluate((root, word) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(word) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + word.length);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      return;
    }
    throw new Error(`no "${word}" to select`);
  }, word);
}
