import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import { apiEnterRoom, apiJson, apiSend, apiUser, signInToChat, type Locale } from './chat-kit';

const session = useBrowser();
const PHONE = { viewport: { width: 375, height: 812 }, touch: true };
const DESKTOP = { width: 1280, height: 800 };
// "Кино и сериалы" / "Movies & TV": a public room.
const ROOM = 5;

const TEXTS = {
  en: {
    box: 'Search the forum, the chat and people',
    toggle: 'Search',
  },
  ru: { box: 'Поиск по форуму, чату и людям', toggle: 'Поиск' },
} as const;

/** No sideways scrolling: everything fits the window's width. */
async function fitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The server's own answer, so the journey waits for the index rather than guessing its lag. */
async function indexed(token: string, q: string, scope: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const query = new URLSearchParams({ q, in: scope, sort: 'new' });
        const response = await apiJson(session.baseUrl, `/api/search?${query}`, { token });
        return ((await response.json()) as { data?: unknown[] }).data?.length ?? 0;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBeGreaterThan(0);
}

/** Types into the navbar's box (opening it first on a phone) and presses Enter. */
async function searchFromNavbar(page: Page, locale: Locale, q: string, phone: boolean) {
  if (phone) await page.getByRole('button', { name: TEXTS[locale].toggle, exact: true }).tap();
  const box = page.getByRole('searchbox', { name: TEXTS[locale].box });
  await box.fill(q);
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === `/${locale}/search`);
  expect(new URL(page.url()).searchParams.get('q')).toBe(q);
}

describe('search', () => {
  for (const [locale, phone] of [
    ['en', false],
    ['ru', true],
  ] as const) {
    it(`finds a chat message by another form of its word, and a person by nick (${locale}${phone ? ', phone' : ''})`, async () => {
      const seeker = await apiUser(session.baseUrl, 'Seek');
      await apiEnterRoom(session.baseUrl, seeker.token, ROOM);
      const said = `${locale} <b>кошки</b> спят, the cats are sleeping`;
      await apiSend(session.baseUrl, seeker.token, ROOM, said);
      await indexed(seeker.token, 'кошка', 'chat');

      const page = await session.newPage(phone ? PHONE : {});
      await signInToChat(page, locale, seeker.nick);
      await searchFromNavbar(page, locale, 'кошка', phone);
      // The tabs' counts come apart from the hits (GET /api/search/totals), once a query.
      const chatCount = page.getByTestId('search-tab-count-chat');
      await chatCount.waitFor();
      expect(Number.parseInt((await chatCount.textContent()) ?? '', 10)).toBeGreaterThan(0);
      await page.getByTestId('search-tab-chat').click();
      await page.waitForURL((url) => url.searchParams.get('in') === 'chat');
      const hit = page.getByTestId('search-hit').filter({ hasText: 'the cats are sleeping' });
      await hit.first().waitFor();
      // The message's markup is its text; the matched word forms are marked.
      const snippet = hit.first().getByTestId('search-hit-snippet');
      expect(await snippet.textContent()).toContain('<b>кошки</b>');
      expect(await snippet.locator('b').count()).toBe(0);
      expect(await snippet.locator('mark').allTextContents()).toContain('кошки');
      await fitsWidth(page);
      await shot(page, `search-${locale}-${phone ? 375 : 1280}-chat`);
      await page.setViewportSize(phone ? DESKTOP : PHONE.viewport);
      await shot(page, `search-${locale}-${phone ? 1280 : 375}-chat`);
      await page.setViewportSize(phone ? PHONE.viewport : DESKTOP);

      await hit.first().getByTestId('search-hit-link').click();
      await page.waitForURL((url) => url.pathname === `/${locale}/chat/${ROOM}`);

      // People, as a visitor: the nick's beginning with a `*`.
      const visitor = await session.newPage(phone ? PHONE : {});
      await visitor.goto(`/${locale}`);
      await searchFromNavbar(visitor, locale, `${seeker.nick.slice(0, 12)}*`, phone);
      await visitor.getByTestId('search-tab-people').click();
      const person = visitor.getByTestId('search-hit').filter({ hasText: seeker.nick });
      await person.waitFor();
      expect(await person.getByTestId('search-hit-link').getAttribute('href')).toBe(
        `/${locale}/profile/${seeker.slug}`,
      );
      await fitsWidth(visitor);
      await shot(visitor, `search-${locale}-${phone ? 375 : 1280}-people`);
    }, 120_000);
  }

  it('says what is wrong with a query too long, and what to type in an empty search', async () => {
    const page = await session.newPage();
    await page.goto(`/en/search?q=${'a'.repeat(201)}`);
    await page.getByTestId('search-too-long').waitFor();
    await page.goto('/ru/search');
    await page.getByTestId('search-empty').waitFor();
    await shot(page, 'search-ru-1280-empty');
  });
});
