import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser, waitForTitle } from './browser';
import {
  apiEnterRoom,
  apiJson,
  apiSend,
  apiUser,
  enterAsGuest,
  enterRoom,
  signInToChat,
  type Locale,
} from './chat-kit';

const session = useBrowser();
const PHONE = { width: 375, height: 812 };
// "Кино и сериалы" / "Movies & TV": a public room.
const ROOM = 5;

const TEXTS = {
  en: {
    quote: 'Add to quotes',
    unquote: 'Remove from quotes',
    title: 'Quotes — Chatik',
    keptBy1: 'kept by 1 person',
    keptBy0: 'kept by 0 people',
    best: 'Best',
    new: 'New',
    tab: 'Quotes',
  },
  ru: {
    quote: 'В цитаты',
    unquote: 'Убрать из цитат',
    title: 'Цитаты — Чатик',
    keptBy1: 'сохранил 1 человек',
    keptBy0: 'сохранили 0 человек',
    best: 'Лучшие',
    new: 'Новые',
    tab: 'Цитаты',
  },
} as const;

/** No sideways scrolling: everything fits the window's width. */
async function fitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe-core's serious and critical findings on the page as it is now (ids and targets). */
async function axeFindings(page: Page): Promise<string[]> {
  // Evaluated, not a script tag: the site's Content-Security-Policy refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: Record<string, unknown>,
          ) => Promise<{
            violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}

/** Opens a chat message's menu (its toolbar shows on hover) and answers its quote item. */
async function quoteItem(page: Page, id: number) {
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`message-more-${id}`).click();
  return page.getByTestId(`message-quote-${id}`);
}

describe('quotes', () => {
  for (const [locale, phone] of [
    ['en', false],
    ['ru', true],
  ] as const satisfies readonly (readonly [Locale, boolean])[]) {
    it(`keeps a chat message and finds it on the quotes page, best and new (${locale}${phone ? ', 375 px' : ''})`, async () => {
      const texts = TEXTS[locale];
      const author = await apiUser(session.baseUrl, 'Wit');
      await apiEnterRoom(session.baseUrl, author.token, ROOM);
      const said = `${locale} the best line -smile- ${Date.now()}`;
      const id = await apiSend(session.baseUrl, author.token, ROOM, said);
      const keeper = await apiUser(session.baseUrl, 'Keep');

      const page = await session.newPage();
      await signInToChat(page, locale, keeper.nick);
      await enterRoom(page, ROOM);
      const item = await quoteItem(page, id);
      expect(await item.textContent()).toBe(texts.quote);
      await item.click();
      // The menu says it is kept once the server agreed.
      await expect.poll(async () => (await quoteItem(page, id)).textContent()).toBe(texts.unquote);
      await page.keyboard.press('Escape');
      const reopened = await quoteItem(page, id);
      expect(await reopened.getAttribute('aria-pressed')).toBe('true');
      await shot(page, `quotes-${locale}-1280-chat-menu`);
      await page.keyboard.press('Escape');

      if (phone) {
        await page.setViewportSize(PHONE);
        await page.goto(`/${locale}/quote`);
      } else {
        await page.getByTestId('nav-quotes').click();
      }
      await page.waitForURL((url) => url.pathname === `/${locale}/quote`);
      await waitForTitle(page, texts.title);
      const quote = page.getByTestId('quote').filter({ hasText: said.slice(-13) });
      await quote.waitFor();
      expect(await quote.getByTestId('quote-author').textContent()).toBe(author.nick);
      expect(await quote.getByTestId('quote-count').textContent()).toBe(texts.keptBy1);
      expect(await quote.locator('img.chat-smiley').count()).toBe(1);
      const keep = quote.getByTestId('quote-keep');
      expect(await keep.getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByTestId('quotes-tab-best').textContent()).toBe(texts.best);
      await fitsWidth(page);
      expect(await axeFindings(page)).toEqual([]);
      await quote.scrollIntoViewIfNeeded();
      await shot(page, `quotes-${locale}-${phone ? 375 : 1280}-best`);

      // The search finds it on its quotes tab, leading back here.
      const stamp = said.split(' ').at(-1)!;
      await expect
        .poll(
          async () => {
            const query = new URLSearchParams({ q: stamp, in: 'quotes' });
            const response = await apiJson(session.baseUrl, `/api/search?${query}`, {
              token: keeper.token,
            });
            return ((await response.json()) as { data?: unknown[] }).data?.length ?? 0;
          },
          { timeout: 20_000, interval: 500 },
        )
        .toBe(1);
      await page.goto(`/${locale}/search?q=${stamp}&in=quotes`);
      const hit = page.getByTestId('search-hit').filter({ hasText: stamp });
      await hit.waitFor();
      expect(await hit.getAttribute('data-hit-type')).toBe('quote');
      expect(await page.getByTestId('search-tab-quotes').textContent()).toContain(texts.tab);
      await fitsWidth(page);
      await shot(page, `quotes-${locale}-${phone ? 375 : 1280}-search`);
      // The hit leads to that one quote, and from there to all of them.
      await hit.getByTestId('search-hit-link').click();
      await page.waitForURL((url) => url.searchParams.get('message') === String(id));
      await page.getByTestId('quote').filter({ hasText: stamp }).waitFor();
      await page.getByTestId('quotes-all').click();
      await page.waitForURL((url) => url.pathname === `/${locale}/quote` && url.search === '');
      await quote.waitFor();

      // The author's profile counts the line kept by someone else.
      await page.goto(`/${locale}/profile/${author.slug}`);
      expect(await page.getByTestId('stat-quotes').textContent()).toBe('1');
      await page.getByTestId('stat-quotes').scrollIntoViewIfNeeded();
      await shot(page, `quotes-${locale}-${phone ? 375 : 1280}-profile`);
      await page.goto(`/${locale}/quote`);
      await quote.waitFor();

      // The newest keeping is first on "new"; the keyboard reaches the tab and the button.
      await page.getByTestId('quotes-tab-new').focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/${locale}/quote/new`);
      await expect
        .poll(() => page.getByTestId('quotes-tab-new').getAttribute('aria-current'))
        .toBe('page');
      const fresh = page.getByTestId('quote').first();
      await expect.poll(() => fresh.getAttribute('data-message-id')).toBe(String(id));
      await fitsWidth(page);
      await shot(page, `quotes-${locale}-${phone ? 375 : 1280}-new`);

      // Let go of it: shown at once, and the chat's menu follows.
      await fresh.getByTestId('quote-keep').focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => fresh.getByTestId('quote-keep').getAttribute('aria-pressed'))
        .toBe('false');
      expect(await fresh.getByTestId('quote-count').textContent()).toBe(texts.keptBy0);
      await shot(page, `quotes-${locale}-${phone ? 375 : 1280}-unkept`);
    }, 120_000);
  }

  it('shows a guest the quotes with keeping disabled and why, and no "mine" tab (en, 375 px)', async () => {
    const author = await apiUser(session.baseUrl, 'Sage');
    await apiEnterRoom(session.baseUrl, author.token, ROOM);
    const said = `guest reads this ${Date.now()}`;
    const id = await apiSend(session.baseUrl, author.token, ROOM, said);
    const keeper = await apiUser(session.baseUrl, 'Fan');
    const kept = await apiJson(session.baseUrl, `/api/quote/${id}`, {
      method: 'POST',
      token: keeper.token,
    });
    expect(kept.status).toBe(204);

    const page = await session.newPage({ viewport: PHONE, touch: true });
    await enterAsGuest(page, 'en');
    await page.goto('/en/quote/new');
    const quote = page.getByTestId('quote').filter({ hasText: said });
    await quote.waitFor();
    expect(await quote.getByTestId('quote-keep').isDisabled()).toBe(true);
    expect(await quote.getByTestId('quote-guest-hint').textContent()).toBe(
      'Register to keep quotes',
    );
    expect(await page.getByTestId('quotes-tab-mine').count()).toBe(0);
    await fitsWidth(page);
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, 'quotes-en-375-guest');
  }, 120_000);
});
